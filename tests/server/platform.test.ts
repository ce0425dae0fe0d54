// The server around the calls: serving the built client (cache headers, SPA fallback, no
// fallback for files), the OpenAPI docs, the migration runner (idempotent, safe when two
// processes start together), seeding once, and the start-up configuration.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_COOKIE, WIRE_MSG } from '../../contract/api/wire';
import { MSG } from '../../contract/messages';
import { buildApp, prepareDatabase } from '../../server/app';
import { loadConfig } from '../../server/config';
import pg from 'pg';
import { fromPglite, fromPool } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import { availableParallelism, getPriority } from 'node:os';
import { hashPassword, verifyPassword, DEFAULT_SCRYPT_N, HASH_LANES, HASH_NICE, hashLane } from '../../server/lib/password';
import { BACKENDS, login, PG_ADMIN_URL, PG_AVAILABLE, startApp, TEST_SCRYPT_N, type TestApp } from './helpers';

const MIGRATION_FILES = readdirSync(new URL('../../server/db/migrations/', import.meta.url))
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('serving the built client (pglite)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'boss-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>BOSS</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await startApp('pglite', { distDir: dist, docs: true });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves client routes with index.html, never cached', async () => {
    for (const url of ['/', '/Home', '/user/login-admin', '/account/center?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves sw.js uncached and hashed assets immutable', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators (they cost every chunk of a first visit their bytes) ...
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['accept-ranges']).toBeUndefined();
    // ... while the shell keeps them, for its 304s.
    expect(sw.headers.etag).toBeTruthy();
  });

  it('never falls back for paths with an extension, nor for API paths', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
    expect((await t.app.inject({ method: 'GET', url: '/logo.png' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/boss-admin/sys/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe(MSG.http404);
  });

  it('serves the OpenAPI document built from the route schemas, and its UI at /docs (administrators)', async () => {
    const { token } = await login(t.app, 'admin');
    const ui = await t.app.inject({ method: 'GET', url: `/docs?token=${token}` });
    expect(ui.statusCode).toBe(303);
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { cookie: `${API_DOCS_COOKIE}=${token}` } });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/boss-admin/sys/login', '/boss-admin/cap/auth/v1/RefreshToken']));
    expect(JSON.stringify(spec.paths['/boss-admin/sys/login'].post.requestBody)).toContain('username');
    // Every business call (/cap) and every merchant call is in the document, POST calls with their body.
    const calls = t.app.apiRoutes.filter((r) => /\/(cap|merchantPlatform)\//.test(r.url) && r.method !== 'HEAD');
    expect(calls.length).toBeGreaterThan(40);
    const missing = calls.filter((r) => {
      const op = spec.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      return !op || (r.method === 'POST' && !op.requestBody);
    });
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});

describe('without a built client (pglite)', () => {
  it('answers page requests with a Chinese note, and the API still works', async () => {
    const t = await startApp('pglite', { distDir: path.join(tmpdir(), 'no-such-dist') });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/Home' });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain(WIRE_MSG.clientNotBuilt);
      expect((await t.app.inject({ method: 'GET', url: '/boss-admin/health' })).json()).toEqual({ success: true });
    } finally {
      await t.close();
    }
  });
});

describe.each(BACKENDS)('migrations and seed on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => t?.close());

  it('records applied files and applies nothing twice', async () => {
    const rows = await t.sql<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toContain('0001_init.sql');
    expect(await migrate(t.database)).toEqual([]);
  });

  it('two runners starting together are safe', async () => {
    const results = await Promise.all([migrate(t.database), migrate(t.database)]);
    expect(results).toEqual([[], []]);
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(t.database.db, TEST_SCRYPT_N)).toBe(false);
    const users = await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM users');
    expect(Number(users[0].n)).toBeGreaterThanOrEqual(4);
  });
});

describe('fresh PGlite: concurrent first start', () => {
  it('migrates and seeds once when two starts race', async () => {
    const db = fromPglite(new PGlite());
    const [a, b] = await Promise.all([prepareDatabase(db, TEST_SCRYPT_N), prepareDatabase(db, TEST_SCRYPT_N)]);
    expect([a.seeded, b.seeded].filter(Boolean)).toHaveLength(1);
    // Every migration file applied exactly once, by one of the two.
    expect([...a.applied, ...b.applied].sort()).toEqual(MIGRATION_FILES);
    const app = await buildApp({ database: db, scryptN: TEST_SCRYPT_N, docs: false });
    await app.close();
    await db.close();
  }, 120_000);
});

describe.skipIf(!PG_AVAILABLE)('fresh PostgreSQL: two processes starting together', () => {
  it('migrates and seeds once through the advisory locks', async () => {
    const name = `boss_t_race_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const a = fromPool(new pg.Pool({ connectionString: url.toString(), max: 2 }));
    const b = fromPool(new pg.Pool({ connectionString: url.toString(), max: 2 }));
    try {
      const [ra, rb] = await Promise.all([prepareDatabase(a, TEST_SCRYPT_N), prepareDatabase(b, TEST_SCRYPT_N)]);
      expect([ra.seeded, rb.seeded].filter(Boolean)).toHaveLength(1);
      expect([...ra.applied, ...rb.applied].sort()).toEqual(MIGRATION_FILES);
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});

describe('configuration and passwords', () => {
  it('validates the environment with defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: './data', LOGIN_AES_KEY: 'BossLoginKey2026', NODE_ENV: 'development' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOGIN_AES_KEY: 'short' })).toThrow(/LOGIN_AES_KEY/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', PORT: '9000' })).toMatchObject({ PORT: 9000, DATABASE_URL: 'postgres://u@h/db' });
  });

  it('takes a lower scrypt cost in a test run only', () => {
    expect(loadConfig({}).BOSS_TEST_SCRYPT_N).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', BOSS_TEST_SCRYPT_N: '1024' }).BOSS_TEST_SCRYPT_N).toBe(1024);
    for (const NODE_ENV of [undefined, 'development', 'production'])
      expect(() => loadConfig({ NODE_ENV, BOSS_TEST_SCRYPT_N: '1024' }), NODE_ENV).toThrow(/BOSS_TEST_SCRYPT_N: only with NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'test', BOSS_TEST_SCRYPT_N: '1000' })).toThrow(/power of two/);
    expect(() => loadConfig({ NODE_ENV: 'test', BOSS_TEST_SCRYPT_N: '512' })).toThrow(/BOSS_TEST_SCRYPT_N/);
    expect(() => loadConfig({ NODE_ENV: 'test', BOSS_TEST_SCRYPT_N: String(DEFAULT_SCRYPT_N * 2) })).toThrow(/BOSS_TEST_SCRYPT_N/);
  });

  it('hashes with salted scrypt, parameters recorded, standard cost by default', async () => {
    const a = await hashPassword('Demo@2026', TEST_SCRYPT_N);
    const b = await hashPassword('Demo@2026', TEST_SCRYPT_N);
    expect(a).not.toBe(b);
    expect(a.startsWith(`scrypt$${TEST_SCRYPT_N}$8$1$`)).toBe(true);
    expect(await verifyPassword('Demo@2026', a)).toBe(true);
    expect(await verifyPassword('demo@2026', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(DEFAULT_SCRYPT_N).toBeGreaterThanOrEqual(16384);
    expect((await hashPassword('x')).startsWith(`scrypt$${DEFAULT_SCRYPT_N}$`)).toBe(true);
  });

  it('a process that hashes a password gets its hash and then exits (an idle hashing thread holds nothing open)', () => {
    // A tool awaiting only the hash: the thread must keep it alive until the answer, and no longer.
    // Before, the thread's message listener held the process open for good after its first hash.
    const dir = mkdtempSync(path.join(tmpdir(), 'boss-hash-'));
    const script = path.join(dir, 'hash-only.mts');
    const passwordModule = path.resolve('server/lib/password.ts');
    writeFileSync(
      script,
      `import { hashPassword, verifyPassword } from ${JSON.stringify(passwordModule)};\n` +
        `const h = await hashPassword('Demo@2026', 1024);\nconsole.log(h.split('$')[0], await verifyPassword('Demo@2026', h));\n`,
    );
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 20_000 });
      expect(r.signal, 'still running after 20 s').toBeNull();
      expect(r.stdout.trim(), r.stderr).toBe('scrypt true');
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a burst of hashes runs one lane per core but one, the rest wait their turn, and each gives its own answer', async () => {
    expect(HASH_LANES).toBe(Math.max(1, availableParallelism() - 1));
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashLane.running())), 1);
    const burst = Array.from({ length: HASH_LANES + 3 }, (_, i) => hashPassword(`Demo@${i}`, DEFAULT_SCRYPT_N));
    await new Promise((r) => setTimeout(r, 5));
    expect(hashLane.waiting()).toBeGreaterThan(0);
    const hashes = await Promise.all(burst);
    clearInterval(watch);
    expect(most).toBe(HASH_LANES);
    expect(hashLane.running() + hashLane.waiting()).toBe(0);
    for (const [i, h] of hashes.entries()) expect(await verifyPassword(`Demo@${i}`, h)).toBe(true);
    expect(hashLane.threadIds().length).toBe(HASH_LANES);
    // They hash at a lower priority than the event loop (Linux: the nice value is per thread).
    if (process.platform === 'linux') {
      const nices = readdirSync('/proc/self/task').map((t) => Number(readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1].split(' ')[16]));
      expect(nices.filter((n) => n === HASH_NICE)).toHaveLength(HASH_LANES);
      expect(getPriority()).toBe(0);
    }
  });
});
