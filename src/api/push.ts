// Web Push on this device (contract/api/push.ts): after the user allows notifications, the service
// worker's PushManager subscribes with the server's VAPID key and the server learns the endpoint for
// the signed-in user. Signing out forgets it on the server, so the next user of the phone does not
// receive the previous one's orders.
import { PUSH_PATHS } from '@contract/api/pushWire';
import { capGet, capOrThrow, capPost } from './request';

export const pushSupported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

const bytesOf = (b64url: string) => Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

/** On when the user allowed notifications and this browser has a subscription. */
export async function pushEnabled(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== 'granted') return false;
  return !!(await (await registration())?.pushManager.getSubscription());
}

async function tellServer(sub: PushSubscription): Promise<void> {
  const { endpoint, keys } = sub.toJSON();
  capOrThrow(await capPost(PUSH_PATHS.subscribe, { endpoint, keys }, undefined, { silent: true }), true);
}

/** Asks for the permission (from a tap), subscribes with the server's key and registers the endpoint. */
export async function enablePush(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('未允许通知，请在系统设置中允许本应用发送通知');
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready);
  const { enabled, publicKey } = capOrThrow(await capGet<{ enabled: boolean; publicKey: string }>(PUSH_PATHS.publicKey, undefined, { silent: true }), true) as {
    enabled: boolean;
    publicKey: string;
  };
  if (!enabled) throw new Error('服务器未开启消息推送');
  const key = bytesOf(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot be pushed to: make a new one.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await tellServer(sub);
}

export async function disablePush(): Promise<void> {
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return;
  await capPost(PUSH_PATHS.unsubscribe, { endpoint: sub.endpoint }, undefined, { silent: true }).catch(() => undefined);
  await sub.unsubscribe();
}

/** After signing in on a device that already pushes: the endpoint now belongs to this user. */
export async function claimPushSubscription(): Promise<void> {
  if (!(await pushEnabled())) return;
  const sub = await (await registration())?.pushManager.getSubscription();
  if (sub) await tellServer(sub).catch(() => undefined);
}

/** At sign-out: the server stops pushing this user's messages to this device (the browser keeps its subscription). */
export async function forgetPushSubscription(): Promise<void> {
  if (!pushSupported()) return;
  const sub = await (await registration())?.pushManager.getSubscription();
  if (sub) await capPost(PUSH_PATHS.unsubscribe, { endpoint: sub.endpoint }, undefined, { silent: true, sessionCall: true }).catch(() => undefined);
}
