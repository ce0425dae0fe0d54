/// <reference lib="webworker" />
// The service worker of the PWA (built by vite-plugin-pwa, injectManifest). It owns:
// - the precache of the shell and of its own device's kit only (never business data): the build
//   tags each kit entry of the manifest with its devices (scripts/precacheKits.ts), and the page
//   registers /sw.js?kit=phone or ?kit=desktop, so a phone never downloads desktop-only code;
// - every other built chunk, cached the first time a page uses it (cache first: their names
//   carry their content hash), so a repeat visit fetches nothing but API answers;
// - offline navigations: every page URL falls back to the precached index.html, so a reload
//   while offline shows the app shell and its offline banner instead of the browser's error page,
// - stale-while-revalidate for the two dictionary calls only; every other API response goes
//   straight to the network and is never stored,
// - the page ↔ worker messages: update acceptance, cache clearing at logout, system notifications;
// - Web Push messages shown as notifications, and what a tap or an action (查看, 驳回) opens.
//
// Claiming: the first install claims the open pages at once, so a first visit is controlled
// without a reload (the e2e test relies on this). An update never activates on its own while a
// page is open: it waits until the user accepts the update prompt (SKIP_WAITING), then activates
// and claims the pages, which reload once on `controlling`.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import type { PrecacheEntry } from 'workbox-precaching';
import { API_BASE, CACHE_LIFETIME_MS, HEADER_TENANT, HOME_PATH } from '../contract/constants';
import { PUSH_ACTIONS, pushTarget, type PushMessage } from '../contract/api/pushWire';

declare const self: ServiceWorkerGlobalScope;

/** Cache of the dictionary calls; cleared at logout. The page sends the same name in its messages. */
const DICT_CACHE = 'boss-dict';

/** Built chunks outside the precache, kept as they are first used; old versions' age out. */
const ASSETS_CACHE = 'boss-assets';
const ASSETS_MAX_ENTRIES = 400;

/** A manifest entry of a device kit carries its devices; an entry without `kits` is the shell. */
type KitEntry = PrecacheEntry & { kits?: string[] };

/** The device this worker was installed for, from its registration URL; none: the shell only. */
const kit = new URL(self.location.href).searchParams.get('kit');

precacheAndRoute(
  (self.__WB_MANIFEST as KitEntry[])
    .filter((entry) => !entry.kits || (kit !== null && entry.kits.includes(kit)))
    .map(({ url, revision }) => ({ url, revision })),
);
cleanupOutdatedCaches();

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: ASSETS_MAX_ENTRIES, purgeOnQuotaError: true })] }),
  'GET',
);
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [new RegExp('^' + API_BASE + '(/|$)'), /^\/docs(\/|$)/],
  }),
);

function isDictionaryCall(url: URL): boolean {
  if (url.origin !== self.location.origin) return false;
  return url.pathname === `${API_BASE}/sys/dict/queryAllDictItems` || url.pathname.startsWith(`${API_BASE}/sys/dict/getDictItems/`);
}

/**
 * Dictionaries differ per tenant, so the tenant header is part of the cache key; and a 200 that
 * carries a failure envelope (expired token, no permission) must not replace good data.
 */
const dictionaryPolicy: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const tenant = request.headers.get(HEADER_TENANT) ?? '0';
    const url = new URL(request.url);
    url.searchParams.set('__tenant', tenant);
    return url.href;
  },
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    try {
      const envelope = (await response.clone().json()) as { success?: unknown };
      return envelope && envelope.success === false ? null : response;
    } catch {
      return null;
    }
  },
};

registerRoute(
  ({ url, request }) => request.method === 'GET' && isDictionaryCall(url),
  new StaleWhileRevalidate({
    cacheName: DICT_CACHE,
    plugins: [dictionaryPolicy, new ExpirationPlugin({ maxAgeSeconds: CACHE_LIFETIME_MS / 1000, maxEntries: 200 })],
  }),
  'GET',
);

type PageMessage =
  { type: 'SKIP_WAITING' } | { type: 'CLEAR_USER_CACHES' } | { type: 'SHOW_NOTIFICATION'; title: string; body?: string; url?: string; tag?: string };

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageMessage | undefined;
  if (!message || typeof message !== 'object') return;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  switch (message.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'CLEAR_USER_CACHES':
      event.waitUntil(caches.delete(DICT_CACHE).then((deleted) => reply({ deleted })));
      break;
    case 'SHOW_NOTIFICATION':
      event.waitUntil(
        notify({ title: String(message.title ?? ''), body: message.body, tag: message.tag, url: message.url }).then(
          () => reply({ shown: true }),
          (error: unknown) => reply({ shown: false, error: String(error) }),
        ),
      );
      break;
  }
});

/** A Web Push message (issue 20 §2): shown as a notification even with the app closed. */
self.addEventListener('push', (event: PushEvent) => {
  let m: Partial<PushMessage> = {};
  try {
    m = (event.data?.json() ?? {}) as Partial<PushMessage>;
  } catch {
    m = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(notify({ ...m, title: m.title || '新消息' }));
});

/** One way notifications look: the app's icon, Chinese, the page a tap opens; 查看/驳回 where the message has them. */
function notify(m: Partial<PushMessage> & { title: string }): Promise<void> {
  const actions = (m.actions ?? []).filter((a) => a in PUSH_ACTIONS).map((a) => ({ action: a, title: PUSH_ACTIONS[a] }));
  return self.registration.showNotification(m.title, {
    body: m.body ?? '',
    tag: m.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: 'zh-CN',
    data: { url: m.url ?? HOME_PATH },
    ...({ actions, renotify: !!m.tag } as NotificationOptions),
  });
}

// A tap opens the notification's page; 驳回 opens it asking for the reason (approving always happens in the app).
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? HOME_PATH;
  const target = new URL(pushTarget({ url }, event.action, self.location.origin));
  event.waitUntil(openInApp(target.pathname + target.search));
});

/** Brings an open window of the app forward and lets its router navigate; opens one otherwise. */
async function openInApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const sameOrigin = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const target = sameOrigin.find((client) => client.focused) ?? sameOrigin.find((client) => client.visibilityState === 'visible') ?? sameOrigin[0];
  if (target) {
    const focused = await target.focus().catch(() => target);
    focused.postMessage({ type: 'OPEN_URL', url });
    return;
  }
  await self.clients.openWindow(url);
}
