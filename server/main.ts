// Starts the server: validate the environment and the server-only keys, build the client if it is
// missing or stale, migrate and seed the database (demo data only where asked for), then listen,
// write ledger checkpoints, and say where and how to sign in.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../contract/constants';
import { buildApp, prepareDatabase } from './app';
import { ensureClientBuilt } from './build-client';
import { demoHistoryWanted, demoWanted, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed';
import { resolveServerKeys, resolveVapidKey } from './lib/serverKeys';
import { resealLegacyPasswords } from './modules/config/dataSourceAccess';
import { setLedgerKey } from './modules/ledger/chainKey';
import { startCheckpoints } from './modules/ledger/checkpoint';
import { seedDemoPayHistory } from './modules/pay/demoHistory';
import { storeOfDb } from './modules/ledger/store';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig();
  const warn = (m: string) => console.warn(`[boss] ${m}`);
  // Before anything else: production without its keys stops here.
  const serverKeys = resolveServerKeys(config);
  const vapidKey = resolveVapidKey(config, serverKeys.generated);
  for (const f of serverKeys.generated) console.log(`[boss] generated a server key into ${path.resolve(f)} (owner-only); keep it with the data`);
  setLedgerKey(serverKeys.ledgerKey);
  const demo = demoWanted(config);
  const keys = { loginAesKey: config.LOGIN_AES_KEY, signSecret: config.SIGN_SECRET };
  ensureClientBuilt(root, keys, warn);

  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({ dataDir: path.resolve(config.DATA_DIR), databaseUrl: config.DATABASE_URL });
  const { applied, seeded, adminPassword } = await prepareDatabase(database, config.BOSS_TEST_SCRYPT_N, { demo });
  if (applied.length) console.log(`[boss] applied migrations: ${applied.join(', ')}`);
  const resealed = await resealLegacyPasswords(database.db, serverKeys.dataKey, config.SIGN_SECRET);
  if (resealed) console.log(`[boss] re-sealed ${resealed} data-source passwords with BOSS_DATA_KEY`);

  const app = await buildApp({
    database,
    loginAesKey: config.LOGIN_AES_KEY,
    signSecret: config.SIGN_SECRET,
    dataKey: serverKeys.dataKey,
    vapidKey,
    publicOrigin: config.BOSS_PUBLIC_ORIGIN,
    demo,
    nodeEnv: config.NODE_ENV,
    scryptN: config.BOSS_TEST_SCRYPT_N,
    // Serves whatever dist/ holds; without a built client, non-API pages say so in Chinese.
    distDir: path.join(root, 'dist'),
    trustProxy: config.TRUST_PROXY,
    loginRateLimit: config.LOGIN_RATE_LIMIT,
    metricsToken: config.METRICS_TOKEN,
    logger: { level: 'info' },
    scheduler: { tickMs: config.SCHEDULER_TICK_MS },
    acceptors: config.BOSS_ACCEPTORS,
  });

  const checkpointDir = path.resolve(config.BOSS_LEDGER_CHECKPOINT_DIR ?? path.join(config.DATA_DIR, 'ledger-checkpoints'));
  const checkpoints = startCheckpoints(storeOfDb(database.db), checkpointDir, config.BOSS_LEDGER_CHECKPOINT_MS, app.log);

  let history: Promise<unknown> = Promise.resolve();
  const shutdown = async (signal: string) => {
    console.log(`[boss] ${signal}: closing`);
    await history;
    await checkpoints.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Demo payment history: after the modules' own demo seeds (balances, on ready), in the background so
  // the start does not wait for it (a few seconds of postings); a shutdown lets it finish first.
  if (demoHistoryWanted(config)) {
    const started = performance.now();
    history = seedDemoPayHistory(database, { log: warn }).then(
      (made) => made && console.log(`[boss] demo payment history: ${made} orders seeded in ${Math.round(performance.now() - started)} ms`),
      (err: Error) => warn(`demo payment history not seeded: ${err.message}`),
    );
  }
  // Stopped by app.close() (onClose hook). Every process may run it: fires are claimed in the database.
  if (config.SCHEDULER) app.scheduler.start();
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${shown}:${config.PORT}`;
  console.log(`\n[boss] 业务运营支撑系统 is running at ${url}`);
  console.log(`[boss] API under ${url}${API_BASE}, OpenAPI at ${url}/docs`);
  console.log(
    `[boss] database: ${database.kind === 'pglite' ? `PGlite in ${path.resolve(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' (seeded now)' : ''}`,
  );
  console.log(`[boss] ledger checkpoints every ${config.BOSS_LEDGER_CHECKPOINT_MS / 1000} s into ${checkpointDir}`);
  if (demo && seeded)
    console.log(`[boss] demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => `${u.username} (${u.realname}, ${u.mobile})`).join(', ')}\n`);
  else if (demo) console.log(`[boss] demo data is on (BOSS_DEMO); see README for the demo accounts\n`);
  if (adminPassword) {
    // Shown nowhere in the log: the first password goes to an owner-only file, once.
    const file = path.resolve(config.DATA_DIR, 'secrets', 'initial-admin-password');
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${adminPassword}\n`, { mode: 0o600 });
    console.log(`[boss] no demo data: sign in as admin with the password in ${file}, change it, then delete the file\n`);
  }
}

main().catch((err) => {
  console.error('[boss] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
