// Where the sign-in pages send the user. The rule is the guard's (app/router/guard.ts, spec §2); a
// feature may not import app/, so the two small functions are restated here over the same contract
// constants, and tests/unit can hold both to the same cases.
import { HOME_PATH, LOGIN_LIKE_PATHS, LOGIN_PATH } from '@contract/constants';

/** The redirect query if it is a local, non-login path; else home. */
export function afterLoginTargetOf(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !LOGIN_LIKE_PATHS.some((p) => redirect.startsWith(p))) return redirect;
  return HOME_PATH;
}

export function loginWithRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** Keeps the redirect query when moving between the sign-in pages. */
export function withRedirect(path: string, search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

/** A random key for the image captcha; getRandomValues works on plain-http intranet hosts too. */
export function randomCheckKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
