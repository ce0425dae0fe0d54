// Settings of the server, read from the environment once at start-up and validated, so a typo
// fails loudly before anything listens.
import { z } from 'zod';
import { DEFAULT_LOGIN_AES_KEY, DEFAULT_SIGN_SECRET } from '../contract/crypto';
import { DEFAULT_SCRYPT_N } from './lib/password';
import { DEFAULT_ACCEPTORS } from './http/acceptors';

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** AES-128 needs a 16-byte key. */
  LOGIN_AES_KEY: z.string().length(16, 'LOGIN_AES_KEY must be exactly 16 characters').default(DEFAULT_LOGIN_AES_KEY),
  SIGN_SECRET: z.string().min(8, 'SIGN_SECRET must be at least 8 characters').default(DEFAULT_SIGN_SECRET),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Per-IP requests per minute on login, phone login, SMS, register and password reset. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  // Serves GET /metrics to a scraper presenting it as a bearer token (at least 16 characters); unset, no /metrics.
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Behind a reverse proxy, trust X-Forwarded-For so rate limits see the client's IP. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Run the job scheduler in this process (several processes may; each fire runs once). */
  SCHEDULER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** How often the scheduler looks for due jobs. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  /** Listening handles besides the server's own, so a busy process accepts more than one new connection a turn (server/http/acceptors.ts); 0: one. */
  BOSS_ACCEPTORS: z.coerce.number().int().min(0).max(256).default(DEFAULT_ACCEPTORS),
  /** Server-only keys (server/lib/serverKeys.ts): unset outside production, generated into DATA_DIR/secrets. */
  BOSS_DATA_KEY: optionalText,
  BOSS_LEDGER_KEY: optionalText,
  /** Web Push identity (VAPID); unset: generated into DATA_DIR/secrets outside production, push off in production. */
  BOSS_VAPID_KEY: optionalText,
  /** The product's public origin (https://boss.example.com): the passkeys' relying party; unset, each request's own origin. */
  BOSS_PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => !v || /^https?:\/\/[^/]+$/.test(v), 'BOSS_PUBLIC_ORIGIN must be an origin such as https://boss.example.com'),
  /** Seed the demo users, balances and payment passwords into an empty database (default: on, off in production). */
  BOSS_DEMO: z.enum(['true', 'false', '1', '0']).optional(),
  /** With demo data: a month of demo payment orders (default: on, off with NODE_ENV=test, whose tests count the demo data). */
  BOSS_DEMO_HISTORY: z.enum(['true', 'false', '1', '0']).optional(),
  /** Where the signed ledger checkpoints go (default DATA_DIR/ledger-checkpoints) and how often. */
  BOSS_LEDGER_CHECKPOINT_DIR: optionalText,
  BOSS_LEDGER_CHECKPOINT_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * With NODE_ENV=test only (refused otherwise): the scrypt cost of the passwords this process
   * hashes, seeded demo users included, as the server tests lower it through buildApp. The e2e
   * servers sign users in well over a hundred times a run, each ~140 ms of CPU at the standard cost.
   * Hashes record their own cost, so every stored hash still verifies whatever this says.
   */
  BOSS_TEST_SCRYPT_N: z.coerce
    .number()
    .int()
    .min(1024)
    .max(DEFAULT_SCRYPT_N)
    .refine((n) => (n & (n - 1)) === 0, 'BOSS_TEST_SCRYPT_N must be a power of two')
    .optional(),
});

export type Config = z.infer<typeof envSchema>;

/** Settings that only a test run may use. */
const TEST_ONLY = ['BOSS_TEST_SCRYPT_N'] as const;

/** Demo data is asked for: BOSS_DEMO when set, else everywhere but production. */
export function demoWanted(config: Pick<Config, 'BOSS_DEMO' | 'NODE_ENV'>): boolean {
  if (config.BOSS_DEMO !== undefined) return config.BOSS_DEMO === 'true' || config.BOSS_DEMO === '1';
  return config.NODE_ENV !== 'production';
}

/** Demo payment history is asked for: only with demo data; BOSS_DEMO_HISTORY when set, else everywhere but test runs. */
export function demoHistoryWanted(config: Pick<Config, 'BOSS_DEMO' | 'BOSS_DEMO_HISTORY' | 'NODE_ENV'>): boolean {
  if (!demoWanted(config)) return false;
  if (config.BOSS_DEMO_HISTORY !== undefined) return config.BOSS_DEMO_HISTORY === 'true' || config.BOSS_DEMO_HISTORY === '1';
  return config.NODE_ENV !== 'test';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const misplaced = TEST_ONLY.filter((key) => parsed.data[key] !== undefined && parsed.data.NODE_ENV !== 'test');
  if (misplaced.length) throw new Error(`Invalid environment:\n${misplaced.map((key) => `  ${key}: only with NODE_ENV=test`).join('\n')}`);
  return parsed.data;
}
