// Where the sign-in pages send the user: the rules live in lib/navigation.ts (shared with the guard).
import { afterLoginTarget, loginRedirect } from '@/lib/navigation';

export { afterLoginTarget as afterLoginTargetOf, loginRedirect as loginWithRedirect };

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
