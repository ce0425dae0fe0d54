// Where navigation goes: after sign-in (the redirect query, spec §2) and when a menu item is
// clicked (external items open meta.url in a new tab). Shared by the router, the layouts and the
// sign-in and home pages, so the rules are written once.
import { API_BASE, HOME_PATH, LOGIN_LIKE_PATHS, LOGIN_PATH } from '@contract/constants';
import { evalUrlTemplate, HELP_CENTER_PATH } from '@contract/pages';
import type { MenuItem } from '@contract/types';

export function loginRedirect(fullPath: string): string {
  // Ending on a sign-in page keeps where it was going, never a redirect to the sign-in page itself.
  const path = fullPath.split('?')[0];
  if (LOGIN_LIKE_PATHS.some((p) => path === p)) {
    const inner = afterLoginTarget(fullPath.slice(path.length), '');
    return inner ? `${LOGIN_PATH}?redirect=${encodeURIComponent(inner)}` : LOGIN_PATH;
  }
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** Where to go after permissions load or sign-in: the redirect query if it is a local path. */
export function afterLoginTarget(search: string, fallback: string = HOME_PATH): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !LOGIN_LIKE_PATHS.some((p) => redirect.startsWith(p))) return redirect;
  return fallback;
}

/** Variables a menu url template may use (contract URL_TEMPLATE_VARS). */
export function urlVars(token: string | null) {
  return { origin: window.location.origin, apiBase: window.location.origin + API_BASE, token: token ?? '' };
}

export function isExternal(item: MenuItem): boolean {
  return !!item.meta?.internalOrExternal && !!item.meta?.url;
}

export type MenuTarget = { kind: 'external'; url: string } | { kind: 'route'; path: string };

/** A path of this app (not '//host…', which is another site). */
export const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Where help goes (帮助中心 in the menus, the header's help icon): the tenant's helpUrl when it is
 * configured (a path of this app navigates, another site opens in a new tab), else the built-in
 * Chinese help page.
 */
export function helpTarget(helpUrl: string | undefined): MenuTarget {
  const url = helpUrl?.trim();
  if (!url) return { kind: 'route', path: HELP_CENTER_PATH };
  return isAppPath(url) ? { kind: 'route', path: url } : { kind: 'external', url };
}

/**
 * Where a menu item goes when clicked: external opens meta.url in a new tab, 帮助中心 follows the
 * tenant's helpUrl (helpTarget), others navigate.
 */
export function menuTarget(item: MenuItem, token: string | null, helpUrl?: string): MenuTarget {
  if (isExternal(item)) return { kind: 'external', url: evalUrlTemplate(item.meta.url!, urlVars(token)) };
  if (item.path === HELP_CENTER_PATH) return helpTarget(helpUrl);
  return { kind: 'route', path: item.path };
}

/** Opens a target: a new tab for external links, else client-side navigation. */
export function openTarget(t: MenuTarget, navigate: (path: string) => void): void {
  if (t.kind === 'external') window.open(t.url, '_blank', 'noopener');
  else navigate(t.path);
}

/** Opens a menu item: a new tab for external links, else client-side navigation. */
export function openMenuItem(item: MenuItem, token: string | null, navigate: (path: string) => void, helpUrl?: string): void {
  openTarget(menuTarget(item, token, helpUrl), navigate);
}
