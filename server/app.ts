// Builds the Fastify application: error handling, the access guard, rate limits, OpenAPI docs,
// every module's routes under API_BASE, and the built client. Tests call buildApp and use inject;
// main.ts calls it and listens. The database must already be migrated (see prepareDatabase).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE, SYSTEM_NAME } from '../contract/constants';
import { DEFAULT_LOGIN_AES_KEY, DEFAULT_SIGN_SECRET } from '../contract/crypto';
import { MSG } from '../contract/messages';
import type { AppDeps, ModuleOptions } from './context';
import type { Database } from './db/client';
import { migrate } from './db/migrate';
import { initialAdminPassword, seedIfEmpty } from './db/seed';
import { AppError } from './http/envelope';
import { installErrorHandling } from './http/errors';
import { installGuard, type RouteRecord } from './http/guard';
import { installDocsGate } from './http/docsGate';
import { installInputGate } from './http/input';
import { createBroker } from './realtime/broker';
import { Metrics, installMetrics } from './lib/metrics';
import { vxeSocketRoutes } from './realtime/vxeSocket';
import { AuthCache, type AuthCacheOptions } from './modules/session/authCache';
import { ListCache, type ListCacheOptions } from './lib/listCache';
import { UserIndex, type UserIndexOptions } from './modules/admin/userIndex';
import { OneLineRequestLog, withLogRedaction } from './lib/logRedaction';
import { installClient } from './http/static';
import { installZodMessages } from './http/zod-messages';
import { DEFAULT_SCRYPT_N } from './lib/password';
import { randomCaptchaText } from './lib/captcha-svg';
import { authRoutes } from './modules/auth/routes';
import { DictService } from './modules/dict/service';
import { dictRoutes } from './modules/dict/routes';
import { resourceRoutes } from './modules/resources/routes';
import { smsRoutes } from './modules/sms/routes';
import { outboxSmsSender, type SmsSender } from './modules/sms/sender';
import { tenantRoutes } from './modules/tenant/routes';
import { userRoutes } from './modules/user/routes';
import { adminRoutes } from './modules/admin/routes';
import { configRoutes } from './modules/config/routes';
import { messageRoutes } from './modules/message/routes';
import { jobsRoutes } from './modules/jobs/routes';
import { rbacRoutes } from './modules/rbac/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { payRoutes } from './modules/pay/routes';
import { passkeyRoutes } from './modules/passkey/routes';
import { pushRoutes } from './modules/push/routes';
import { positionRoutes } from './modules/position/routes';
import { reportRoutes } from './modules/report/routes';
import { categoryRoutes } from './modules/category/routes';
import { filesRoutes } from './modules/files/routes';
import { workbenchRoutes } from './modules/workbench/routes';
import { monitorRoutes } from './modules/monitor/routes';
import { cusRoutes } from './modules/cus/routes';
import { settleRoutes } from './modules/settle/routes';
import { superviseRoutes } from './modules/supervise/routes';
import { feeRoutes } from './modules/fee/routes';
import { activityHooks } from './modules/rbac/online';
import { syncCatalogue } from './db/catalogue';
import { Scheduler, type SchedulerSettings } from './scheduler/scheduler';
import { Acceptors } from './http/acceptors';

export interface BuildOptions {
  database: Database;
  loginAesKey?: string;
  signSecret?: string;
  nodeEnv?: 'development' | 'production' | 'test';
  /** scrypt cost for new password hashes; tests lower it. */
  scryptN?: number;
  /** Directory of the built client; null serves the API only. */
  distDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  /** BOSS_DATA_KEY (server/lib/serverKeys.ts); outside production a random key of this process when absent. */
  dataKey?: Buffer;
  /** Seed demo balances and payment passwords (default: outside production); prepareDatabase decides the demo users. */
  demo?: boolean;
  /** Per-IP requests per minute on login, phone login, SMS, register and password reset. */
  loginRateLimit?: number;
  captchaText?: () => string;
  smsSender?: SmsSender;
  /** Serve the OpenAPI document and UI at /docs (default true). */
  docs?: boolean;
  /** Per-process cache of the guard's session, user and permission lookups; false reads the database on every request. */
  authCache?: AuthCacheOptions | false;
  /** Per-process cache of list pages (server/lib/listCache.ts); false reads the database on every request. */
  listCache?: ListCacheOptions | false;
  /**
   * The user list's in-process index (server/modules/admin/userIndex.ts): pages of tenants with at
   * least `minUsers` users are found in memory; false lists every page by SQL.
   */
  userIndex?: UserIndexOptions | false;
  /**
   * Listening handles besides the server's own, added once it listens (server/http/acceptors.ts):
   * a busy process accepts up to this many more new connections a turn. Default 0 (tests); main.ts
   * passes BOSS_ACCEPTORS.
   */
  acceptors?: number;
  /** METRICS_TOKEN: serves GET /metrics (Prometheus text) to a scraper presenting it; unset, no /metrics. */
  metricsToken?: string;
  /** BOSS_PUBLIC_ORIGIN (passkeys' relying party); unset, the origin of each request. */
  publicOrigin?: string;
  /** BOSS_VAPID_KEY material (server/lib/serverKeys.ts); outside production a random key of this process when absent; null turns Web Push off. */
  vapidKey?: Buffer | null;
  /** Job scheduler settings; the scheduler is built here but only runs once started (main.ts). */
  scheduler?: Partial<SchedulerSettings>;
}

export interface BossApp extends FastifyInstance {
  /** Every route under API_BASE with the permission it declared (filled as routes register). */
  apiRoutes: RouteRecord[];
  /** The guard's cache of sessions, users and permissions (tests look at it). */
  authCache: AuthCache;
  /** The cache of list pages (tests look at it). */
  listCache: ListCache;
  /** The user list's in-process index, null when turned off (tests look at it). */
  userIndex: UserIndex | null;
  /** The extra listening handles; `widened` settles once they listen (after listen()). */
  acceptors: { handles: Acceptors; widened: Promise<number> };
}

/**
 * Applies pending migrations and seeds an empty database: with `demo` (the default) the demo users
 * with DEMO_PASSWORD, without it only the administrator `admin` with a random password, which it
 * answers (adminPassword) when it seeded just now.
 */
export async function prepareDatabase(database: Database, scryptN: number = DEFAULT_SCRYPT_N, opts: { demo?: boolean } = {}) {
  const applied = await migrate(database);
  const demo = opts.demo ?? true;
  const adminPassword = demo ? undefined : initialAdminPassword();
  const seeded = await seedIfEmpty(database.db, scryptN, { demo, adminPassword });
  const catalogued = await syncCatalogue(database.db);
  // Small tables (groups, roles) never reach autovacuum's threshold; without statistics the planner
  // picks plans that are orders of magnitude slower on large user tables.
  if (applied.length || seeded) await database.db.execute(sql`ANALYZE`);
  return { applied, seeded, catalogued, adminPassword: seeded ? adminPassword : undefined };
}

/** Tests and tools that build an app without BOSS_DATA_KEY: what they seal lives no longer than the process. */
const ephemeralDataKey = randomBytes(32);
const ephemeralVapidKey = randomBytes(32);

export async function buildApp(opts: BuildOptions): Promise<BossApp> {
  installZodMessages();
  const app = Fastify({
    logger: withLogRedaction(opts.logger ?? false),
    // One line per request, not Fastify's two (server/lib/logRedaction.ts).
    logController: new OneLineRequestLog(),
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as BossApp;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const handles = new Acceptors(app.server, opts.acceptors ?? 0);
  let widened!: (n: number) => void;
  app.acceptors = { handles, widened: new Promise((r) => (widened = r)) };
  app.addHook('onListen', async () => {
    try {
      const n = await handles.widen();
      if (n) app.log.info(`accepting on ${n + 1} handles of the listening socket`);
      widened(n);
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'extra listening handles not added; one handle accepts');
      widened(0);
    }
  });
  app.addHook('preClose', async () => handles.close());

  const production = opts.nodeEnv === 'production';
  if (production && !opts.dataKey) throw new Error('buildApp: a production app needs BOSS_DATA_KEY (dataKey)');
  const deps: AppDeps = {
    db: opts.database.db,
    loginAesKey: opts.loginAesKey ?? DEFAULT_LOGIN_AES_KEY,
    signSecret: opts.signSecret ?? DEFAULT_SIGN_SECRET,
    dataKey: opts.dataKey ?? ephemeralDataKey,
    demo: opts.demo ?? !production,
    scryptN: opts.scryptN ?? DEFAULT_SCRYPT_N,
    sms: opts.smsSender ?? outboxSmsSender(opts.database.db, app.log, !production),
    captchaText: opts.captchaText ?? (() => randomCaptchaText(4)),
    log: app.log,
    production,
    publicOrigin: opts.publicOrigin,
    vapidKey: opts.vapidKey !== undefined ? opts.vapidKey : production ? null : ephemeralVapidKey,
    lists: new ListCache(opts.listCache || undefined),
    userIndex: null,
    metrics: new Metrics(opts.database.db),
  };
  installMetrics(app, deps.metrics, opts.metricsToken);

  app.apiRoutes = [];
  const authCache = (app.authCache = new AuthCache(deps.db, opts.authCache || undefined));
  installInputGate(app);
  installGuard(app, deps, app.apiRoutes, authCache);
  app.listCache = deps.lists;
  deps.lists.installWriteHook(app);
  if (opts.userIndex !== false) deps.userIndex = new UserIndex(deps.db, app.log, opts.userIndex || undefined);
  app.userIndex = deps.userIndex;
  // Request start (operation-log cost) and session last-seen (online users), for every route.
  await app.register(activityHooks, { db: deps.db });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, MSG.loginRateLimited),
  });

  if (opts.docs !== false) {
    installDocsGate(app, authCache);
    await app.register(swagger, {
      openapi: {
        info: { title: `${SYSTEM_NAME} API`, version: '0.1.0', description: `All calls live under ${API_BASE}.` },
        components: {
          securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
        },
      },
      // Upload calls (multipart) carry no zod body: the document names their file field.
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const schema = out.schema as { consumes?: string[]; body?: unknown };
        if (schema?.consumes?.includes('multipart/form-data') && !schema.body) {
          out.schema = {
            ...out.schema,
            body: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: '上传的文件' } } },
          } as typeof out.schema;
        }
        return out;
      },
    });
    // Without Swagger UI's top bar: its logo has no text alternative, its document-address field has
    // no label and too little contrast, and it would show the access token of the menu's address.
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { layout: 'BaseLayout' } });
  }

  const moduleOptions: ModuleOptions = {
    deps,
    dicts: new DictService(deps.db),
    loginRateLimit: opts.loginRateLimit ?? 30,
  };
  app.decorate('scheduler', new Scheduler({ db: deps.db, dicts: moduleOptions.dicts, log: app.log, ...opts.scheduler }));
  app.addHook('onClose', async () => app.scheduler.stop());
  // One upgrade listener for every socket route (notifications, live grids); 4 KiB per client message.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(
    async (api) => {
      await api.register(authRoutes, moduleOptions);
      await api.register(smsRoutes, moduleOptions);
      await api.register(resourceRoutes, moduleOptions);
      await api.register(tenantRoutes, moduleOptions);
      await api.register(dictRoutes, moduleOptions);
      await api.register(userRoutes, moduleOptions);
      await api.register(adminRoutes, moduleOptions);
      await api.register(configRoutes, moduleOptions);
      await api.register(messageRoutes, moduleOptions);
      await api.register(jobsRoutes, moduleOptions);
      await api.register(rbacRoutes, moduleOptions);
      await api.register(ledgerRoutes, moduleOptions);
      await api.register(payRoutes, moduleOptions);
      await api.register(passkeyRoutes, moduleOptions);
      await api.register(pushRoutes, moduleOptions);
      await api.register(positionRoutes, moduleOptions);
      await api.register(reportRoutes, moduleOptions);
      await api.register(categoryRoutes, moduleOptions);
      await api.register(filesRoutes, moduleOptions);
      await api.register(monitorRoutes, moduleOptions);
      await api.register(cusRoutes, moduleOptions);
      await api.register(settleRoutes, moduleOptions);
      await api.register(superviseRoutes, moduleOptions);
      await api.register(workbenchRoutes, { ...moduleOptions, auth: authCache });
      await api.register(feeRoutes, moduleOptions);
      await api.register(vxeSocketRoutes, { deps, broker: await createBroker(deps.db, app.log), auth: authCache });
    },
    { prefix: API_BASE },
  );

  // The cache starts caching once the broker delivers the database's change notices to it.
  if (opts.authCache !== false) authCache.attach(await createBroker(deps.db, app.log));
  app.addHook('onClose', async () => authCache.detach());
  // Likewise the list cache (never attached when turned off, so it never caches).
  if (opts.listCache !== false) deps.lists.attach(await createBroker(deps.db, app.log));
  app.addHook('onClose', async () => deps.lists.detach());
  // The user index answers once it has looked at the database and hears every change of users; write
  // requests wait for it as for the list cache.
  const userIndex = deps.userIndex;
  if (userIndex) {
    const broker = await createBroker(deps.db, app.log);
    await userIndex.attach(broker);
    deps.lists.follow(userIndex, broker);
    app.addHook('onClose', async () => userIndex.detach());
  }

  await installClient(app, opts.distDir ?? null);
  return app;
}
