// The route guard of spec §2 as a pure decision, so it is tested on its own.
import { HOME_PATH, LOGIN_LIKE_PATHS, LOGIN_PATH, PUBLIC_PATH_PREFIXES } from '@contract/constants';

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  | { kind: 'load-permissions' };

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATH_PREFIXES.some((p) => path === p || path.startsWith(p + '/'));
}

export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function decideGuard(input: { path: string; fullPath: string; hasToken: boolean; permissionsLoaded: boolean }): GuardDecision {
  const { path, fullPath, hasToken, permissionsLoaded } = input;
  if (hasToken) {
    // Home, or the redirect query the sign-in page carries: the page navigates there itself, but
    // the token lands first and this redirect must not send the user elsewhere.
    if (LOGIN_LIKE_PATHS.includes(path)) return { kind: 'redirect', to: afterLoginTarget(fullPath.slice(path.length)) };
    if (isPublicPath(path)) return { kind: 'pass' };
    return permissionsLoaded ? { kind: 'pass' } : { kind: 'load-permissions' };
  }
  if (isPublicPath(path)) return { kind: 'pass' };
  return { kind: 'redirect', to: loginRedirect(fullPath) };
}

/** Where to go after permissions load or sign-in: the redirect query if it is a local path. */
export function afterLoginTarget(search: string, fallback: string = HOME_PATH): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !LOGIN_LIKE_PATHS.some((p) => redirect.startsWith(p))) return redirect;
  return fallback;
}
