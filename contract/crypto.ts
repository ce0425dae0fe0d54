// Wire encodings the spec keeps (§7, §9): AES-ECB login-password encoding and the MD5 request
// signature. They are formats, not security: passwords are hashed with scrypt on the server.
import AES from 'crypto-js/aes';
import MD5 from 'crypto-js/md5';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

export const DEFAULT_LOGIN_AES_KEY = 'BossLoginKey2026';
export const DEFAULT_SIGN_SECRET = 'BossSignSecret2026';

/** AES-128-ECB/PKCS7 of a password, base64 (spec §9). */
export function encodePassword(plain: string, key: string = DEFAULT_LOGIN_AES_KEY): string {
  return AES.encrypt(Utf8.parse(plain), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}

/** The inverse of encodePassword; returns null when the text is not a valid encoding. */
export function decodePassword(encoded: string, key: string = DEFAULT_LOGIN_AES_KEY): string | null {
  try {
    const plain = AES.decrypt(encoded, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
    return plain === '' ? null : plain;
  } catch {
    return null;
  }
}

/** Values of a query string arrive as strings; the signature treats them so on both ends. */
function canonical(query: Record<string, unknown>, payload: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) merged[k] = String(v);
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) Object.assign(merged, payload);
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(merged).sort()) sorted[k] = merged[k];
  return sorted;
}

/** Signature of §7: query merged with payload, keys sorted, serialised, secret appended, MD5, upper case. */
export function signRequest(query: Record<string, unknown>, payload: unknown, secret: string = DEFAULT_SIGN_SECRET): string {
  return MD5(JSON.stringify(canonical(query, payload)) + secret)
    .toString()
    .toUpperCase();
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Timestamp of §7: yyyyMMddHHmmss, in UTC so client and server agree whatever their zones. */
export function signTimestamp(date: Date = new Date()): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
}

/** Parses a signTimestamp back to epoch milliseconds; NaN when malformed. */
export function parseSignTimestamp(ts: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(ts);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? t : NaN;
}
