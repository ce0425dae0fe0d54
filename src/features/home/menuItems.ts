// The user's menu as things to tap: visible leaf pages (home page shortcuts, the phone's 应用 grid)
// and where each one goes (lib/navigation.ts: external items open meta.url in a new tab).
import { HOME_PATH } from '@contract/constants';
import type { MenuItem } from '@contract/types';
import { isExternal, openMenuItem } from '@/lib/navigation';

export { isExternal, openMenuItem };

export interface MenuEntry {
  key: string;
  title: string;
  icon?: string;
  item: MenuItem;
}
export interface MenuGroup {
  key: string;
  title: string;
  icon?: string;
  entries: MenuEntry[];
}

const visible = (m: MenuItem) => !m.hidden && m.route !== '0';

/** Leaf pages under a menu item, depth first, skipping hidden and non-route items. */
function leaves(items: readonly MenuItem[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const m of items) {
    if (!visible(m)) continue;
    if (m.children?.length) out.push(...leaves(m.children));
    else if (m.path !== HOME_PATH && (m.component !== 'layouts/RouteView' || isExternal(m)))
      out.push({ key: m.id || m.path, title: m.meta?.title ?? m.name, icon: m.meta?.icon, item: m });
  }
  return out;
}

/** Home shortcuts: the first `max` visible pages of the menu, home itself excluded. */
export function shortcutsOf(menu: readonly MenuItem[], max = 8): MenuEntry[] {
  return leaves(menu).slice(0, max);
}

/** The menu grouped by its top level; top-level pages without children gather under 常用功能. */
export function groupsOf(menu: readonly MenuItem[]): MenuGroup[] {
  const loose: MenuEntry[] = [];
  const groups: MenuGroup[] = [];
  for (const top of menu) {
    if (!visible(top)) continue;
    if (top.children?.length) {
      const entries = leaves(top.children);
      if (entries.length) groups.push({ key: top.id || top.path, title: top.meta?.title ?? top.name, icon: top.meta?.icon, entries });
    } else loose.push(...leaves([top]));
  }
  return loose.length ? [{ key: 'common', title: '常用功能', entries: loose }, ...groups] : groups;
}

const PALETTE = ['#0267B5', '#13C2C2', '#FA8C16', '#722ED1', '#52C41A', '#EB2F96', '#2F54EB', '#FAAD14'];
/** A stable tile colour per entry, so the grid is easy to scan. */
export function tileColor(key: string): string {
  let h = 0;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/** What a tile shows without an icon: short codes (403) whole, else the first character. */
export function tileText(title: string): string {
  return /^[\x20-\x7e]{1,3}$/.test(title) ? title : title.slice(0, 1);
}
