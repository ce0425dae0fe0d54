// The route guard of spec §2 as a pure decision, so it is tested on its own.
import { LOGIN_LIKE_PATHS, PUBLIC_PATH_PREFIXES } from '@contract/constants';
import { afterLoginTarget, loginRedirect } from '@/lib/navigation';

export { afterLoginTarget, loginRedirect };

export type GuardDecision = { kind: 'pass' } | { kind: 'redirect'; to: string } | { kind: 'load-permissions' };

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATH_PREFIXES.some((p) => path === p || path.startsWith(p + '/'));
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
