// Password storage: salted scrypt with its parameters recorded in the hash string, so the cost
// can be raised later without breaking existing hashes. Format: scrypt$N$r$p$salt$hash (base64url).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Standard interactive cost (N=2^15). Tests pass a lower N through buildApp options. */
export const DEFAULT_SCRYPT_N = 32768;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, { ...opts, maxmem: 256 * opts.N! * (opts.r ?? R) }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(plain: string, n: number = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(plain, salt, KEYLEN, { N: n, r: R, p: P });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(plain, salt, expected.length, { N: n, r, p });
  return timingSafeEqual(key, expected);
}
