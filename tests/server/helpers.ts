// Test harness: builds the app against (a) in-memory PGlite and (b) a throwaway database on the
// PostgreSQL at 127.0.0.1:5432, migrated and seeded. Suites run against both with describe.each;
// when PostgreSQL is unreachable, (b) is skipped and the output says so.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { brokerOf } from '../../server/realtime/broker';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_BASE, HEADER_SIGN, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN } from '../../contract/constants';
import { DEFAULT_SIGN_SECRET, encodePassword, signRequest, signTimestamp } from '../../contract/crypto';
import type { LoginResult } from '../../contract/types';
import { buildApp, prepareDatabase, type BossApp, type BuildOptions } from '../../server/app';
import { fromPglite, fromPool, newPglite, pgliteEngine, type Database } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { setLedgerKey } from '../../server/modules/ledger/chainKey';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** This test process's BOSS_LEDGER_KEY: what it posts with, and what a spawned ledger:verify is given. */
export const TEST_LEDGER_KEY = randomBytes(32).toString('hex');
setLedgerKey(Buffer.from(TEST_LEDGER_KEY));
/** Low scrypt cost keeps the suite fast; production uses DEFAULT_SCRYPT_N. */
export const TEST_SCRYPT_N = 1024;

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export const PG_AVAILABLE = await postgresReachable();
if (!PG_AVAILABLE) {
  console.warn(`\n*** PostgreSQL at ${PG_ADMIN_URL} is unreachable: the server suites run on PGlite only; the PostgreSQL runs are SKIPPED. ***\n`);
}

export type BackendName = 'pglite' | 'postgres';
export const BACKENDS: BackendName[] = PG_AVAILABLE ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: BossApp;
  database: Database;
  /** Raw SQL against the app's database (tests reach in to expire tokens, read the SMS outbox …). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The text the next image captcha will show. */
  captcha: { next: string };
  close(): Promise<void>;
}

// A migrated and seeded database (prepareDatabase: migrations, demo seed, menu catalogue) is made once
// per version of the server code and copied for each test app: PostgreSQL clones a template database
// (CREATE DATABASE … TEMPLATE), PGlite loads a dump of a prepared data directory. Migrating and seeding
// afresh, and PGlite's initdb, cost 2–4 s per app on this machine; about 110 apps start in the
// server suites. What the modules seed when the app is built (ledger postings chained with this
// process's ledger key, sealed secrets) is not in the copy: it is made per app as before.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A digest of everything prepareDatabase reads (server and contract sources, migrations included). */
function preparedVersion(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(ts|sql|json)$/.test(name)) hash.update(file.slice(ROOT.length)).update(readFileSync(file));
    }
  };
  walk(path.join(ROOT, 'server'));
  walk(path.join(ROOT, 'contract'));
  hash.update(String(TEST_SCRYPT_N));
  return hash.digest('hex').slice(0, 16);
}
const PREPARED = preparedVersion();

let pgliteDump: Promise<Blob> | null = null;
/** The prepared PGlite data directory as a tarball, kept in the temp directory for the other test files. */
function preparedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const dir = path.join(tmpdir(), 'boss-test-templates');
    const file = path.join(dir, `pglite-${PREPARED}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    // Dumps of other code versions go after an hour (a concurrent run of other code may still read its own).
    for (const old of existsSync(dir) ? readdirSync(dir) : []) {
      const at = path.join(dir, old);
      if (old.startsWith('pglite-') && at !== file && Date.now() - statSync(at).mtimeMs > 3_600_000) rmSync(at, { force: true });
    }
    const client = newPglite({ engine: await pgliteEngine() });
    await client.waitReady;
    await prepareDatabase(fromPglite(client), TEST_SCRYPT_N);
    const dump = await client.dumpDataDir('none');
    await client.close();
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return pgliteDump;
}

/** The prepared PostgreSQL template database, made once (under an advisory lock) for this code version. */
async function preparedPgTemplate(admin: pg.Client): Promise<string> {
  const name = `boss_tpl_${PREPARED}`;
  await admin.query('SELECT pg_advisory_lock(72026111)');
  try {
    const [hit] = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows;
    if (hit) return name;
    // Templates of other code versions go after a day (each is stamped with its making time).
    const stale = await admin.query(
      `SELECT d.datname FROM pg_database d JOIN pg_shdescription s ON s.objoid = d.oid
        WHERE d.datname LIKE 'boss\\_tpl\\_%' AND s.description ~ '^[0-9]+$' AND s.description::bigint < $1`,
      [Date.now() - 86_400_000],
    );
    for (const { datname } of stale.rows as { datname: string }[]) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    const building = `${name}_build`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${building}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const db = fromPool(pool);
    await prepareDatabase(db, TEST_SCRYPT_N);
    await db.close();
    await admin.query(`COMMENT ON DATABASE ${building} IS '${Date.now()}'`);
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(72026111)');
  }
}

export async function startApp(backend: BackendName, extra: Partial<BuildOptions> = {}): Promise<TestApp> {
  let database: Database;
  let sqlFn: TestApp['sql'];
  let dropDb: () => Promise<void> = async () => {};
  if (backend === 'pglite') {
    const client = newPglite({ loadDataDir: await preparedPgliteDump(), engine: await pgliteEngine() });
    await client.waitReady;
    database = fromPglite(client);
    sqlFn = async (text, params) => (await client.query(text, params)).rows as never;
  } else {
    const name = `boss_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await preparedPgTemplate(admin)}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
    database = fromPool(pool);
    // What a statement changed reaches the app's caches before the test goes on (as it does at once
    // on PGlite): the change notices of a commit arrive on the app's listener a moment later.
    sqlFn = async (text, params) => {
      const rows = (await pool.query(text, params)).rows as never;
      await brokerOf(database.db)?.settle();
      return rows;
    };
    dropDb = async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  await prepareDatabase(database, TEST_SCRYPT_N);
  const captcha = { next: 'AB23' };
  const app = await buildApp({
    database,
    scryptN: TEST_SCRYPT_N,
    nodeEnv: 'test',
    loginRateLimit: 10_000,
    captchaText: () => captcha.next,
    docs: false,
    ...extra,
  });
  await app.ready();
  return {
    app,
    database,
    sql: sqlFn,
    captcha,
    async close() {
      await app.close();
      await database.close();
      await dropDb();
    },
  };
}

export interface CallOptions {
  token?: string;
  /** Adds a valid X-Sign and X-TIMESTAMP for the body and query. */
  signed?: boolean;
  ip?: string;
  tenant?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export function signatureHeaders(body: unknown, query: Record<string, string> = {}, at: Date = new Date(), secret = DEFAULT_SIGN_SECRET) {
  return { [HEADER_SIGN]: signRequest(query, body ?? {}, secret), [HEADER_TIMESTAMP]: signTimestamp(at) };
}

export async function call(
  app: BossApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  o: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers[HEADER_TOKEN] = o.token;
  if (o.tenant !== undefined) headers[HEADER_TENANT] = o.tenant;
  if (o.signed) Object.assign(headers, signatureHeaders(body, o.query));
  const req: InjectOptions = { method, url: API_BASE + path, headers, query: o.query, remoteAddress: o.ip ?? '127.0.0.1' };
  if (body !== undefined) req.payload = body as InjectOptions['payload'];
  return app.inject(req);
}

let ipCounter = 1;
/** A fresh client IP, so per-IP failure counts of one test do not leak into the next. */
export const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export async function login(app: BossApp, username: string, password = DEMO_PASSWORD, ip = freshIp()): Promise<LoginResult> {
  const res = await call(app, 'POST', '/sys/login', { username, password: encodePassword(password) }, { signed: true, ip });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().result as LoginResult;
}

/** The last SMS code sent to `mobile`, read from the local outbox. */
export async function lastSmsCode(t: TestApp, mobile: string): Promise<string> {
  const rows = await t.sql<{ content: string }>('SELECT content FROM sms_outbox WHERE mobile = $1 ORDER BY created_at DESC LIMIT 1', [mobile]);
  const m = /(\d{6})/.exec(rows[0]?.content ?? '');
  if (!m) throw new Error(`no SMS code for ${mobile}`);
  return m[1];
}

/**
 * A second app on the same PostgreSQL database as `t` (another server process, as far as the
 * broker and the caches can tell): its own pool, its own listener. Close it before `t`.
 */
export async function startPeerApp(t: TestApp, extra: Partial<BuildOptions> = {}): Promise<{ app: BossApp; close(): Promise<void> }> {
  const pool1 = (t.database.db as unknown as { $client?: unknown }).$client;
  if (!(pool1 instanceof pg.Pool)) throw new Error('a peer app needs the postgres backend');
  const database = fromPool(new pg.Pool({ connectionString: pool1.options.connectionString, max: 3 }));
  const app = await buildApp({ database, scryptN: TEST_SCRYPT_N, nodeEnv: 'test', docs: false, loginRateLimit: 10_000, ...extra });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Polls `check` every 10 ms until it holds; how long that took, or an error after `ms`. */
export async function until(what: string, check: () => Promise<boolean>, ms = 2000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
