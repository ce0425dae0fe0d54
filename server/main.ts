// Starts the server: validate the environment, build the client if it is missing or stale,
// migrate and seed the database, then listen and say where and how to sign in.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '../contract/constants';
import { buildApp, prepareDatabase } from './app';
import { ensureClientBuilt } from './build-client';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig();
  const warn = (m: string) => console.warn(`[boss] ${m}`);
  const keys = { loginAesKey: config.LOGIN_AES_KEY, signSecret: config.SIGN_SECRET };
  ensureClientBuilt(root, keys, warn);

  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({ dataDir: path.resolve(config.DATA_DIR), databaseUrl: config.DATABASE_URL });
  const { applied, seeded } = await prepareDatabase(database);
  if (applied.length) console.log(`[boss] applied migrations: ${applied.join(', ')}`);

  const app = await buildApp({
    database,
    loginAesKey: config.LOGIN_AES_KEY,
    signSecret: config.SIGN_SECRET,
    nodeEnv: config.NODE_ENV,
    // Serves whatever dist/ holds; without a built client, non-API pages say so in Chinese.
    distDir: path.join(root, 'dist'),
    trustProxy: config.TRUST_PROXY,
    loginRateLimit: config.LOGIN_RATE_LIMIT,
    logger: { level: 'info' },
    scheduler: { tickMs: config.SCHEDULER_TICK_MS },
  });

  const shutdown = async (signal: string) => {
    console.log(`[boss] ${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Stopped by app.close() (onClose hook). Every process may run it: fires are claimed in the database.
  if (config.SCHEDULER) app.scheduler.start();
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${shown}:${config.PORT}`;
  console.log(`\n[boss] 业务运营支撑系统 is running at ${url}`);
  console.log(`[boss] API under ${url}${API_BASE}, OpenAPI at ${url}/docs`);
  console.log(`[boss] database: ${database.kind === 'pglite' ? `PGlite in ${path.resolve(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' (seeded now)' : ''}`);
  console.log(`[boss] demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => `${u.username} (${u.realname}, ${u.mobile})`).join(', ')}\n`);
}

main().catch((err) => {
  console.error('[boss] failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
