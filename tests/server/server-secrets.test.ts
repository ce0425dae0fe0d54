// Issue 13 §4: secrets the server stores are sealed with a server-only key (BOSS_DATA_KEY), not
// with SIGN_SECRET, which the browser bundle carries; production refuses to start without its
// keys; demo users, balances and payment passwords are seeded only where demo data is asked for.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_SECRET, encodePassword } from '../../contract/crypto';
import { buildApp, prepareDatabase } from '../../server/app';
import { demoWanted, loadConfig } from '../../server/config';
import { fromPglite } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { resolveServerKeys } from '../../server/lib/serverKeys';
import { openPassword, resealLegacyPasswords } from '../../server/modules/config/dataSourceAccess';
import { BACKENDS, TEST_SCRYPT_N, call, login, startApp } from './helpers';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const KEY = 'a-data-key-for-this-test-of-32-characters';

/** How "v1:" seals were made: AES-256-GCM under scrypt(SIGN_SECRET); what anyone holding the bundle can derive. */
const signSecretKey = scryptSync(DEFAULT_SIGN_SECRET, 'boss/data-source-password/v1', 32, { N: 16384, r: 8, p: 1 });
function sealWithSignSecret(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', signSecretKey, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}
function openWithSignSecret(sealed: string): string {
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const d = createDecipheriv('aes-256-gcm', signSecretKey, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
}

describe('server keys', () => {
  it('production without BOSS_DATA_KEY or BOSS_LEDGER_KEY refuses; elsewhere they are generated once into DATA_DIR, owner-only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boss-keys-'));
    expect(() => resolveServerKeys({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/BOSS_DATA_KEY is required when NODE_ENV=production/);
    expect(() => resolveServerKeys({ NODE_ENV: 'production', DATA_DIR: dir, BOSS_DATA_KEY: KEY })).toThrow(/BOSS_LEDGER_KEY is required/);
    expect(() => resolveServerKeys({ NODE_ENV: 'production', DATA_DIR: dir, BOSS_DATA_KEY: 'short', BOSS_LEDGER_KEY: KEY })).toThrow(/at least 32/);
    expect(resolveServerKeys({ NODE_ENV: 'production', DATA_DIR: dir, BOSS_DATA_KEY: KEY, BOSS_LEDGER_KEY: KEY }).generated).toEqual([]);

    const first = resolveServerKeys({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.generated.map((f) => path.basename(f)).sort()).toEqual(['data.key', 'ledger.key']);
    for (const f of first.generated) expect(statSync(f).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dir, 'secrets')).mode & 0o777).toBe(0o700);
    const again = resolveServerKeys({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(again.generated).toEqual([]);
    expect(again.dataKey.equals(first.dataKey)).toBe(true);
    expect(first.dataKey.equals(first.ledgerKey)).toBe(false);
    expect(readFileSync(path.join(dir, 'secrets', 'data.key'), 'utf8').trim()).toBe(first.dataKey.toString());
  });

  it('npm start with NODE_ENV=production and no keys exits with the reason, before building or opening anything', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boss-prod-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dir, PORT: '0' };
    delete env.BOSS_DATA_KEY;
    delete env.BOSS_LEDGER_KEY;
    const r = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: repoRoot, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('BOSS_DATA_KEY is required when NODE_ENV=production');
    expect(() => statSync(path.join(dir, 'secrets'))).toThrow();
  }, 90_000);

  it('demo data is asked for by default, not in production unless BOSS_DEMO=1', () => {
    const demo = (env: Record<string, string>) => demoWanted(loadConfig(env));
    expect(demo({})).toBe(true);
    expect(demo({ NODE_ENV: 'production' })).toBe(false);
    expect(demo({ NODE_ENV: 'production', BOSS_DEMO: '1' })).toBe(true);
    expect(demo({ NODE_ENV: 'development', BOSS_DEMO: '0' })).toBe(false);
  });
});

describe.each(BACKENDS)('data-source passwords under BOSS_DATA_KEY (%s)', (backend) => {
  it('are sealed so that a key derived from SIGN_SECRET does not open them; old seals are re-sealed', async () => {
    const dataKey = Buffer.from(KEY);
    const t = await startApp(backend, { dataKey });
    try {
      const admin = (await login(t.app, 'admin')).token;
      const body = {
        code: 'sealed_pg',
        name: '密钥测试库',
        dbType: 'postgres',
        host: '127.0.0.1',
        port: 5432,
        database: 'test',
        username: 'postgres',
        password: 'S3cret!pw',
      };
      expect((await call(t.app, 'POST', '/sys/dataSource/add', body, { token: admin })).statusCode).toBe(200);
      const [row] = await t.sql<{ id: string; password_enc: string }>(`SELECT id, password_enc FROM data_sources WHERE code = 'sealed_pg'`);
      expect(row.password_enc).toMatch(/^v2:/);
      expect(openPassword(row.password_enc, dataKey)).toBe('S3cret!pw');
      expect(() => openWithSignSecret(row.password_enc)).toThrow();
      expect(() => openPassword(row.password_enc, Buffer.from(DEFAULT_SIGN_SECRET))).toThrow();

      // A row sealed the old way (under SIGN_SECRET) is re-sealed with the data key at start-up.
      const old = sealWithSignSecret('0ld!pw');
      expect(openWithSignSecret(old)).toBe('0ld!pw');
      await t.sql('UPDATE data_sources SET password_enc = $2 WHERE id = $1', [row.id, old]);
      expect(await resealLegacyPasswords(t.database.db, dataKey, DEFAULT_SIGN_SECRET)).toBe(1);
      const [after] = await t.sql<{ password_enc: string }>('SELECT password_enc FROM data_sources WHERE id = $1', [row.id]);
      expect(after.password_enc).toMatch(/^v2:/);
      expect(openPassword(after.password_enc, dataKey)).toBe('0ld!pw');
      expect(await resealLegacyPasswords(t.database.db, dataKey, DEFAULT_SIGN_SECRET)).toBe(0);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('no demo data (production default)', () => {
  it('seeds only the administrator with a random password: no demo users, balances or payment passwords', async () => {
    const client = new PGlite();
    const database = fromPglite(client);
    try {
      const prepared = await prepareDatabase(database, TEST_SCRYPT_N, { demo: false });
      expect(prepared.seeded).toBe(true);
      expect(prepared.adminPassword).toMatch(/^Boss-/);
      const app = await buildApp({ database, scryptN: TEST_SCRYPT_N, nodeEnv: 'production', dataKey: Buffer.from(KEY), loginRateLimit: 10_000, docs: false });
      await app.ready();
      try {
        const q = async (text: string) => (await client.query<{ n: number }>(text)).rows[0].n;
        expect(await q('SELECT count(*)::int AS n FROM users')).toBe(1);
        expect(await q('SELECT count(*)::int AS n FROM customers')).toBe(0);
        expect(await q('SELECT count(*)::int AS n FROM journal_entries')).toBe(0);
        expect(await q('SELECT count(*)::int AS n FROM pay_passwords')).toBe(0);
        const demoLogin = await call(
          app,
          'POST',
          '/sys/login',
          { username: 'admin', password: encodePassword(DEMO_PASSWORD) },
          { signed: true, ip: '10.9.9.1' },
        );
        expect(demoLogin.json().success).toBe(false);
        expect((await login(app, 'admin', prepared.adminPassword!)).token).toBeTruthy();
      } finally {
        await app.close();
      }
      expect((await prepareDatabase(database, TEST_SCRYPT_N, { demo: false })).adminPassword).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 120_000);
});
