// The page's side of the service worker (sw/sw.ts): registration through workbox-window in
// production builds, the update handshake, and the messages the worker understands. Every export is
// safe to call when there is no service worker (development, old browsers): it quietly does less.
import type { Workbox } from 'workbox-window';

/** Cache name and message types are shared with sw/sw.ts; src may not import sw/, so they are repeated there. */
const DICT_CACHE = 'boss-dict';
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Longest wait for an idle moment after the load event before registering the worker anyway. */
const IDLE_TIMEOUT_MS = 3000;

type Unsubscribe = () => void;

let workbox: Workbox | undefined;
let registering = false;
let updateWaiting = false;
const updateListeners = new Set<() => void>();

function supported(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** The device kit a worker precaches besides the shell (sw/sw.ts reads it from its URL). */
export type DeviceKit = 'phone' | 'desktop';

/** Resolves once the page has loaded and the main thread is idle: the worker's precache must not compete with it. */
function pageReady(): Promise<void> {
  const loaded =
    document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(resolve, IDLE_TIMEOUT_MS);
      }),
  );
}

/**
 * The worker's URL: /sw.js with the device's kit. A worker already installed keeps its kit (a
 * desktop window made narrow is still a desktop), so registering again never starts an update.
 */
async function workerUrl(kit: DeviceKit): Promise<string> {
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const installed = registration?.active ?? registration?.waiting ?? registration?.installing;
  const installedKit = installed ? new URL(installed.scriptURL).searchParams.get('kit') : null;
  return `/sw.js?kit=${installedKit === 'phone' || installedKit === 'desktop' ? installedKit : kit}`;
}

/**
 * Registers the worker once, after the page is ready and idle, so it never competes with what the
 * user waits for. Idempotent; the update prompt calls it when it mounts. workbox-window is loaded
 * on demand, so it stays out of the entry chunk the login page waits for.
 */
export function registerServiceWorker(kit: DeviceKit): void {
  if (registering || !supported()) return;
  registering = true;
  void pageReady()
    .then(() => Promise.all([import('workbox-window'), workerUrl(kit)]))
    .then(([{ Workbox }, url]) => {
      workbox = new Workbox(url, { scope: '/' });
      workbox.addEventListener('waiting', () => {
        updateWaiting = true;
        updateListeners.forEach((listener) => listener());
      });
      return workbox.register();
    })
    .then((registration) => {
      if (!registration) return;
      // A back-office tab stays open for days: look for a new version hourly and when it comes back.
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && navigator.onLine) check();
      });
    })
    .catch((error: unknown) => console.warn('service worker registration failed', error));
}

/** Calls `callback` when a new version is installed and waits for the user; at once if one already waits. */
export function onUpdateAvailable(callback: () => void): Unsubscribe {
  updateListeners.add(callback);
  if (updateWaiting) callback();
  return () => updateListeners.delete(callback);
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox || !updateWaiting) {
    window.location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

async function postToWorker(message: Record<string, unknown>): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const worker = navigator.serviceWorker.controller ?? registration?.active;
  if (!worker) return false;
  worker.postMessage(message);
  return true;
}

/** Asks for notification permission; call it from a user gesture (a click), never on load. */
export async function requestNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/**
 * Shows an operating-system notification (used when the page is hidden and a websocket notice
 * arrives). Clicking it brings the app forward on `url`. Resolves false when it could not be shown.
 */
export async function showSystemNotification(notice: { title: string; body?: string; url?: string; tag?: string }): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  if (await postToWorker({ type: 'SHOW_NOTIFICATION', ...notice })) return true;
  // No service worker (development): a page notification, which only lives as long as the page.
  const notification = new Notification(notice.title, { body: notice.body, tag: notice.tag, icon: '/icons/icon-192.png' });
  notification.onclick = () => {
    window.focus();
    if (notice.url) openUrlListeners.forEach((listener) => listener(notice.url!));
  };
  return true;
}

/** Drops the cached responses of the signed-in user (dictionaries); called at logout. */
export async function clearUserCaches(): Promise<void> {
  await postToWorker({ type: 'CLEAR_USER_CACHES' }).catch(() => false);
  if (typeof caches !== 'undefined') await caches.delete(DICT_CACHE).catch(() => false);
}

const openUrlListeners = new Set<(url: string) => void>();
let listeningForOpenUrl = false;

/** Calls `callback(url)` when a notification click asks the app to show `url` (router navigation). */
export function onOpenUrl(callback: (url: string) => void): Unsubscribe {
  openUrlListeners.add(callback);
  if (!listeningForOpenUrl && typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    listeningForOpenUrl = true;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: unknown } | null;
      if (data?.type === 'OPEN_URL' && typeof data.url === 'string') {
        const url = data.url;
        openUrlListeners.forEach((listener) => listener(url));
      }
    });
  }
  return () => openUrlListeners.delete(callback);
}
