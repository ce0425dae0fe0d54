// Pure rules of the desktop shell's navigation: which menu items show, which open, what the menu
// search offers, which user-dropdown entries appear. Kept free of React and antd so they are tested
// on their own (tests/unit/desktop-*.test.ts).
import { HOME_PATH } from '@contract/constants';
import type { MenuItem } from '@contract/types';
import type { UserMenuFlags } from '@contract/permission';

/** Menu items the side or top menu shows: hidden items and route "0" items are skipped. */
export function visibleMenu(menu: readonly MenuItem[]): MenuItem[] {
  return menu
    .filter((item) => !item.hidden && item.route !== '0')
    .map((item) => (item.children?.length ? { ...item, children: visibleMenu(item.children) } : item));
}

/** The menu item whose path is `key`, anywhere in the tree. */
export function findMenuItem(menu: readonly MenuItem[], key: string): MenuItem | undefined {
  for (const item of menu) {
    if (item.path === key) return item;
    const inner = item.children ? findMenuItem(item.children, key) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Sub-menus to open for a route: every level of its trail above the page itself. */
export function openKeysFor(trail: readonly { path: string }[]): string[] {
  return trail.slice(0, -1).map((t) => t.path);
}

export interface SearchOption {
  value: string;
  label: string;
}
/** Menu-search choices: every route a user can navigate to, labelled with its trail. */
export function menuSearchOptions(routes: readonly { path: string; title: string; trail: readonly { title: string }[] }[]): SearchOption[] {
  return routes.filter((r) => !r.path.includes(':')).map((r) => ({ value: r.path, label: r.trail.length ? r.trail.map((t) => t.title).join(' / ') : r.title }));
}

/** Case-insensitive match of a search text against an option's label or path. */
export function matchesSearch(option: SearchOption, text: string): boolean {
  const q = text.trim().toLowerCase();
  return !q || option.label.toLowerCase().includes(q) || option.value.toLowerCase().includes(q);
}

export interface Crumb {
  title: string;
  /** Set on earlier crumbs that are routes; the last crumb is never a link. */
  path?: string;
}
/** Breadcrumb of spec §2: starts at 首页 (/Home), then the route's trail; last is plain text. */
export function breadcrumbFor(trail: readonly { title: string; path: string }[], isRoute: (path: string) => boolean): Crumb[] {
  const rest = trail.filter((t) => t.path !== HOME_PATH);
  const all = [{ title: '首页', path: HOME_PATH }, ...rest];
  return all.map((c, i) => (i === all.length - 1 ? { title: c.title } : { title: c.title, path: i === 0 || isRoute(c.path) ? c.path : undefined }));
}

export type UserMenuKey = keyof UserMenuFlags;
/**
 * Entries of the user dropdown: the contract's flags decide visibility; an entry whose dialog needs a
 * server call that does not exist yet is left out rather than shown as a dead end. When a dialog is
 * built, add its key to `built` and the flag takes over.
 */
export function userMenuEntries(flags: UserMenuFlags, built: ReadonlySet<UserMenuKey>): UserMenuKey[] {
  const order: UserMenuKey[] = ['changeLoginPassword', 'setPayPassword', 'systemSettings', 'dataDecrypt', 'setOpPassword', 'departSwitch'];
  return order.filter((key) => flags[key] && built.has(key));
}

/** Options of the system switcher: one per system and group, keyed `${sys.id}:${group.id}`. */
export function systemKey(sys: { id: string; group: { id: string } }): string {
  return `${sys.id}:${sys.group.id}`;
}
export function parseSystemKey(key: string): { sysId: string; groupId: string } {
  const i = key.indexOf(':');
  return { sysId: key.slice(0, i), groupId: key.slice(i + 1) };
}

/** Target of the platform switcher: the entity's url carrying the fresh access token. */
export function platformUrl(url: string, token: string): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}token=${encodeURIComponent(token)}`;
}
