// Data source passwords at rest and the connection test. Passwords are sealed with AES-256-GCM
// under a key derived from SIGN_SECRET with scrypt (one key per process, derived once), so a
// database dump alone does not reveal them. The connection test only reaches loopback and the
// host of the application's own DATABASE_URL: an admin form must not become a port scanner (SSRF).
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { isIP } from 'node:net';
import pg from 'pg';
import { CONFIG_MSG } from '../../../contract/api/config';

const KEY_SALT = 'boss/data-source-password/v1';
const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let k = keys.get(secret);
  if (!k) {
    k = scryptSync(secret, KEY_SALT, 32, { N: 16384, r: 8, p: 1 });
    keys.set(secret, k);
  }
  return k;
}

export function sealPassword(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

export function openPassword(sealed: string, secret: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('unknown password format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const d = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
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
  const h = host.trim().replace(/^\[|\]$/g, '').toLowerCase();
  if (allowed.includes(h)) return true;
  // the whole 127.0.0.0/8 block is loopback
  return isIP(h) === 4 && h.startsWith('127.');
}

export interface ProbeTarget { host: string; port: number; database: string; username: string; password: string }

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
