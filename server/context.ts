// What every module gets from buildApp: the database, the settings and the adapters. Passing one
// object keeps modules free of globals, so tests can build several apps side by side.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { SmsSender } from './modules/sms/sender';

export interface AppDeps {
  db: Db;
  loginAesKey: string;
  signSecret: string;
  /** Server-only key (BOSS_DATA_KEY) sealing the secrets the server stores; never sent to the browser. */
  dataKey: Buffer;
  /** Demo data is asked for: demo balances and payment passwords are seeded into an empty database. */
  demo: boolean;
  /** scrypt cost N for new password hashes. */
  scryptN: number;
  sms: SmsSender;
  /** Produces the text of an image captcha (tests inject a known one). */
  captchaText: () => string;
  log: FastifyBaseLogger;
  production: boolean;
  /** BOSS_PUBLIC_ORIGIN: the product's own origin (passkeys' relying party, links in push messages); unset, each request's. */
  publicOrigin?: string;
  /** Web Push (server/modules/push): the VAPID private key, or null when push is off. */
  vapidKey: Buffer | null;
  /** Recent list pages of this process, dropped when what they were read from changes. */
  lists: import('./lib/listCache').ListCache;
  /** The user list from memory for large tenants (server/modules/admin/userIndex.ts); null when turned off. */
  userIndex: import('./modules/admin/userIndex').UserIndex | null;
  /** Prometheus figures of this process (server/lib/metrics.ts). */
  metrics: import('./lib/metrics').Metrics;
}

/** What each module's routes plugin is registered with. */
export interface ModuleOptions {
  deps: AppDeps;
  dicts: import('./modules/dict/service').DictService;
  /** Per-IP requests per minute on the sign-in and SMS calls. */
  loginRateLimit: number;
}
