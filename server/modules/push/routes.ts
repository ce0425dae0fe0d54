// Web Push calls (issue 20 §2): the VAPID public key, and subscribing / unsubscribing this browser's
// push endpoint for the signed-in user. Also starts this process's sender (sender.ts).
//
// An endpoint is where the server will POST, so only real push services are accepted (https on their
// hosts); outside production also loopback http (the tests' local push endpoint). Anything else
// would let a user make the server call addresses of their choosing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUSH_MSG, PUSH_PATHS, subscribeBody, unsubscribeBody } from '../../../contract/api/push';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { AppError, capOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { createBroker, TOPIC_CHANNELS } from '../../realtime/broker';
import { storeOfDb } from '../ledger/store';
import { PushSender } from './sender';
import { vapidKeysOf } from './vapid';

const tags = ['push'];
const senders = new WeakMap<Db, PushSender>();
/** The sender of this database's app in this process (tests wait on it). */
export const pushSenderOf = (db: Db): PushSender | undefined => senders.get(db);
const SWEEP_MS = 5000;
/** Push services of the browsers that support Web Push (Chrome/Android, Firefox, Edge, Safari). */
const PUSH_SERVICE_HOSTS = [/(^|\.)googleapis\.com$/, /(^|\.)push\.services\.mozilla\.com$/, /(^|\.)notify\.windows\.com$/, /(^|\.)push\.apple\.com$/];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((h) => h.test(u.hostname))) return true;
  return !production && (u.protocol === 'http:' || u.protocol === 'https:') && LOOPBACK.has(u.hostname);
}

/** p256dh: an uncompressed P-256 point (65 bytes, 0x04 first); auth: 16 bytes. */
function keysValid(k: { p256dh: string; auth: string }): boolean {
  const p = Buffer.from(k.p256dh, 'base64url');
  return p.length === 65 && p[0] === 4 && Buffer.from(k.auth, 'base64url').length === 16;
}

export const pushRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const store = storeOfDb(deps.db);
  const keys = deps.vapidKey ? vapidKeysOf(deps.vapidKey) : null;
  const subject = deps.publicOrigin?.startsWith('https:') ? deps.publicOrigin : 'mailto:boss@localhost';
  const sender = new PushSender(store, keys && { ...keys, subject }, (m) => deps.log.warn(m));
  const broker = await createBroker(deps.db, deps.log);
  broker.onTopic(TOPIC_CHANNELS.push, () => void sender.wake());
  const sweep = setInterval(() => void sender.wake(), SWEEP_MS);
  sweep.unref();
  app.addHook('onReady', async () => void sender.wake());
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await sender.wake();
  });
  senders.set(deps.db, sender);

  app.get(
    PUSH_PATHS.publicKey,
    { schema: { tags, summary: '消息推送的 VAPID 公钥（未开启时 enabled 为 false）' }, config: { permission: 'authenticated' } },
    async () => capOk({ enabled: !!keys, publicKey: keys?.publicKey ?? '' }),
  );

  app.post(
    PUSH_PATHS.subscribe,
    { schema: { body: subscribeBody, tags, summary: '本设备开启消息推送（浏览器 PushSubscription）' }, config: { permission: 'authenticated' } },
    async (req) => {
      if (!keys) throw new AppError(400, PUSH_MSG.off);
      const { endpoint, keys: k } = req.body;
      if (!endpointAllowed(endpoint, deps.production)) throw new AppError(400, PUSH_MSG.endpoint);
      if (!keysValid(k)) throw new AppError(400, PUSH_MSG.keys);
      const ua = String(req.headers['user-agent'] ?? '').slice(0, 300);
      // One endpoint is one browser: it belongs to whoever signed in there last.
      await store.query(
        `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, user_agent) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent, created_at = now()`,
        [endpoint, authOf(req).user.id, k.p256dh, k.auth, ua],
      );
      return capOk({}, PUSH_MSG.subscribed);
    },
  );

  app.post(
    PUSH_PATHS.unsubscribe,
    { schema: { body: unsubscribeBody, tags, summary: '本设备关闭消息推送' }, config: { permission: 'authenticated' } },
    async (req) => {
      await store.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [req.body.endpoint, authOf(req).user.id]);
      return capOk({}, PUSH_MSG.unsubscribed);
    },
  );
};
