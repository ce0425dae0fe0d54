// Password storage: salted scrypt with its parameters recorded in the hash string, so the cost
// can be raised later without breaking existing hashes. Format: scrypt$N$r$p$salt$hash (base64url).
//
// Hashes run one lane per core but one (at least one): each takes about 100 ms of a core, and Node
// runs four at once on its thread pool, so a burst of sign-ins (or payment passwords) took every
// core from the event loop and PostgreSQL, and every other request of the process waited behind it
// (issue 15 §2: at 2.25% sign-ins, 0.5–0.8 of the 2 cores). In the lane a burst waits its turn
// instead; the rest of the process keeps a core.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/** Standard interactive cost (N=2^15). Tests pass a lower N through buildApp options. */
export const DEFAULT_SCRYPT_N = 32768;
const R = 8;
const P = 1;
const KEYLEN = 32;

/** Hashes under way at once. */
export const HASH_LANES = Math.max(1, availableParallelism() - 1);
const lane = pLimit(HASH_LANES);

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return lane(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCb(password, salt, keylen, { ...opts, maxmem: 256 * opts.N! * (opts.r ?? R) }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** Hashes running and waiting for a lane now (tests). */
export const hashLane = { running: (): number => lane.activeCount, waiting: (): number => lane.pendingCount };

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
