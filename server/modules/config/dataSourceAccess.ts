// Data source passwords at rest and the connection test. Passwords are sealed with AES-256-GCM
// under a key derived (HKDF) from the server-only BOSS_DATA_KEY (server/lib/serverKeys.ts), so a
// database dump, even together with the browser bundle, does not reveal them. Rows sealed before
// that ("v1:", under a key derived from SIGN_SECRET, which the bundle carries) are re-sealed at
// start-up (resealLegacyPasswords). The connection test only reaches loopback and the host of the
// application's own DATABASE_URL: an admin form must not become a port scanner (SSRF).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, scryptSync } from 'node:crypto';
import { isIP } from 'node:net';
import { eq, like } from 'drizzle-orm';
import pg from 'pg';
import { CONFIG_MSG } from '../../../contract/api/config';
import type { Db } from '../../db/client';
import { dataSources } from '../../db/schema';

const SEAL = 'v2:';
const sealKeys = new WeakMap<Buffer, Buffer>();
function sealKeyOf(dataKey: Buffer): Buffer {
  let k = sealKeys.get(dataKey);
  if (!k) {
    k = Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'boss/data-source-password/v2', 32));
    sealKeys.set(dataKey, k);
  }
  return k;
}

/** The key of the legacy "v1:" seals: scrypt of SIGN_SECRET (read once, to re-seal). */
const legacyKeyOf = (signSecret: string) => scryptSync(signSecret, 'boss/data-source-password/v1', 32, { N: 16384, r: 8, p: 1 });

function seal(plain: string, key: Buffer, prefix: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `${prefix}${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

function unseal(sealed: string, key: Buffer, prefix: string): string {
  const raw = Buffer.from(sealed.slice(prefix.length), 'base64');
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

export const sealPassword = (plain: string, dataKey: Buffer): string => seal(plain, sealKeyOf(dataKey), SEAL);

export function openPassword(sealed: string, dataKey: Buffer): string {
  if (!sealed.startsWith(SEAL)) throw new Error('unknown password format');
  return unseal(sealed, sealKeyOf(dataKey), SEAL);
}

/** Re-seals the passwords still sealed under SIGN_SECRET with BOSS_DATA_KEY; answers how many. Ones that do not open are left as they are. */
export async function resealLegacyPasswords(db: Db, dataKey: Buffer, signSecret: string): Promise<number> {
  const rows = await db.select({ id: dataSources.id, enc: dataSources.passwordEnc }).from(dataSources).where(like(dataSources.passwordEnc, 'v1:%'));
  if (!rows.length) return 0;
  const legacy = legacyKeyOf(signSecret);
  let n = 0;
  for (const r of rows) {
    let plain: string;
    try {
      plain = unseal(r.enc!, legacy, 'v1:');
    } catch {
      continue;
    }
    await db
      .update(dataSources)
      .set({ passwordEnc: sealPassword(plain, dataKey) })
      .where(eq(dataSources.id, r.id));
    n++;
  }
  return n;
}

/** Hosts the connection test may reach: loopback, and the host of DATABASE_URL when set. */
export function allowedHosts(databaseUrl: string | undefined = process.env.DATABASE_URL): string[] {
  const out = ['127.0.0.1', 'localhost', '::1'];
  if (databaseUrl) {
    try {
      const h = new URL(databaseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
      if (h && !out.includes(h)) out.push(h);
    } catch {
      // an unparsable DATABASE_URL adds nothing
    }
  }
  return out;
}

/** Literal comparison only: no DNS look-up happens before the decision. */
export function hostAllowed(host: string, allowed: string[] = allowedHosts()): boolean {
  const h = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (allowed.includes(h)) return true;
  // the whole 127.0.0.0/8 block is loopback
  return isIP(h) === 4 && h.startsWith('127.');
}

export interface ProbeTarget {
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

/** Connects, runs SELECT 1 and disconnects within 3 s; answers null or the driver's message. */
export async function probePostgres(t: ProbeTarget, timeoutMs = 3000): Promise<string | null> {
  const client = new pg.Client({
    host: t.host.replace(/^\[|\]$/g, ''),
    port: t.port,
    database: t.database,
    user: t.username,
    password: t.password,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return (err as Error).message?.slice(0, 200) || 'unknown error';
  } finally {
    await client.end().catch(() => {});
  }
}

export const refusedHostMessage = (host: string) => CONFIG_MSG.hostRefused(host, allowedHosts());
