// Issue 20 §2: Web Push to closed apps. A local push service decrypts what the server sends with the
// subscription's keys and checks the VAPID authorization; submitted orders reach their approvers'
// devices (not the maker's), decisions reach the maker, announcements their recipients; a gone
// subscription is removed; endpoints outside the push services are refused.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveVapidKey } from '../../server/lib/serverKeys';
import { vapidKeysOf } from '../../server/modules/push/vapid';
import { MP } from '../../contract/api/message';
import { PUSH_MSG, PUSH_PATHS } from '../../contract/api/push';
import { endpointAllowed, pushSenderOf } from '../../server/modules/push/routes';
import { BACKENDS, call, until } from './helpers';
import { LocalPushService, type Subscription } from './lib/pushEndpoint';
import { approve, payKit, submitSingle, type PayKit } from './payKit';

describe('the VAPID key, a server secret', () => {
  it('comes from BOSS_VAPID_KEY, else is generated once into DATA_DIR/secrets (owner-only); production without it has push off', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boss-vapid-'));
    expect(resolveVapidKey({ NODE_ENV: 'production', DATA_DIR: dir })).toBeNull();
    expect(() => resolveVapidKey({ NODE_ENV: 'production', DATA_DIR: dir, BOSS_VAPID_KEY: 'short' })).toThrow(/at least 32/);
    const generated: string[] = [];
    const first = resolveVapidKey({ NODE_ENV: 'development', DATA_DIR: dir }, generated)!;
    expect(generated.map((f) => path.basename(f))).toEqual(['vapid.key']);
    expect(statSync(generated[0]).mode & 0o777).toBe(0o600);
    const again = resolveVapidKey({ NODE_ENV: 'development', DATA_DIR: dir })!;
    expect(vapidKeysOf(again)).toEqual(vapidKeysOf(first));
    expect(Buffer.from(vapidKeysOf(first).publicKey, 'base64url')).toHaveLength(65);
    expect(vapidKeysOf(Buffer.from('x'.repeat(40))).publicKey).not.toBe(vapidKeysOf(first).publicKey);
  });
});

describe.each(BACKENDS)('web push (%s)', (backend) => {
  let k: PayKit;
  let service: LocalPushService;
  const devices: Record<string, Subscription> = {};
  beforeAll(async () => {
    k = await payKit(backend);
    service = await new LocalPushService().start();
  }, 180_000);
  afterAll(async () => {
    await k?.close();
    await service?.close();
  });
  const sender = () => pushSenderOf(k.t.database.db)!;

  it('subscribes a device with the server key; refuses endpoints that are no push service, and bad keys', async () => {
    const key = await call(k.t.app, 'GET', PUSH_PATHS.publicKey, undefined, { token: k.tok.approver });
    expect(key.json().body).toMatchObject({ enabled: true });
    expect(Buffer.from(key.json().body.publicKey, 'base64url')).toHaveLength(65);
    for (const who of ['approver', 'operator', 'admin'] as const) {
      devices[who] = service.device(who);
      const r = await k.post(PUSH_PATHS.subscribe, devices[who], who);
      expect(r.code, JSON.stringify(r.json)).toBe(200);
    }
    devices.approver2 = service.device('approver-tablet');
    expect((await k.post(PUSH_PATHS.subscribe, devices.approver2, 'approver')).code).toBe(200);
    const bad = await k.post(PUSH_PATHS.subscribe, { ...devices.approver, endpoint: 'http://10.0.0.8/internal' }, 'approver');
    expect(bad.code).toBe(400);
    expect(bad.json.status.errorMsg).toBe(PUSH_MSG.endpoint);
    const keys = await k.post(PUSH_PATHS.subscribe, { endpoint: `${service.origin}/push/x`, keys: { p256dh: 'AAAA', auth: 'AAAA' } }, 'approver');
    expect(keys.json.status.errorMsg).toBe(PUSH_MSG.keys);
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:9/x', true)).toBe(false);
    expect(endpointAllowed('https://evil.example/googleapis.com', true)).toBe(false);
  });

  it('a submitted order reaches every device of its approvers, encrypted, with VAPID, within moments; not the maker', async () => {
    const t0 = Date.now();
    const o = await submitSingle(k, { amount: '88.00' });
    await until('push at both approver devices', async () => service.to(devices.approver).length > 0 && service.to(devices.approver2).length > 0, 5000);
    const got = service.to(devices.approver)[0];
    const ms = got.at - t0;
    console.log(JSON.stringify({ figure: 'submission→push at the local endpoint', backend, ms }));
    expect(service.errors).toEqual([]);
    expect(got.payload).toMatchObject({
      title: '待审批付款订单',
      url: `/approve/detail?id=${o.orderId}`,
      orderId: o.orderId,
      actions: ['view', 'reject'],
    });
    expect(String(got.payload.body)).toContain('88.00');
    expect(got.jwt.sub).toMatch(/^mailto:|^https:/);
    expect(got.headers.urgency).toBe('high');
    const key = (await call(k.t.app, 'GET', PUSH_PATHS.publicKey, undefined, { token: k.tok.approver })).json().body.publicKey;
    expect(got.vapidKey).toBe(key);
    await sender().wake();
    // The maker is told nothing of their own submission.
    expect(service.to(devices.operator).filter((r) => r.payload.orderId === o.orderId)).toEqual([]);

    // The decision reaches the maker's device.
    expect((await approve(k, o.orderId, o.version)).code).toBe(200);
    await until('maker told', async () => service.to(devices.operator).some((r) => r.payload.orderId === o.orderId), 5000);
    const told = service.to(devices.operator).find((r) => r.payload.orderId === o.orderId)!;
    expect(told.payload.title).toMatch(/已审核通过|已成功/);
    expect(told.payload.url).toBe(`/approve/detail?id=${o.orderId}`);
  });

  it('an announcement reaches its recipients’ devices; a device the push service reports gone is removed', async () => {
    const add = await call(
      k.t.app,
      'POST',
      MP.add,
      { titile: '系统维护通知', msgContent: '<p>今晚维护</p>', msgAbstract: '今晚22点维护', msgType: 'ALL' },
      { token: k.tok.admin, signed: true },
    );
    expect(add.statusCode, add.body).toBe(200);
    service.answer(devices.approver2, 410);
    const before = service.to(devices.admin).length;
    const rel = await call(k.t.app, 'GET', MP.release, undefined, { token: k.tok.admin, query: { id: add.json().result.id } });
    expect(rel.statusCode, rel.body).toBe(200);
    await until('announcement pushed', async () => service.to(devices.operator).some((r) => r.payload.title === '系统维护通知'), 5000);
    expect(service.to(devices.approver).find((r) => r.payload.title === '系统维护通知')?.payload).toMatchObject({
      body: '今晚22点维护',
      url: '/isps/userAnnouncement',
    });
    expect(service.to(devices.admin).length).toBe(before + 1);
    await until(
      'gone subscription removed',
      async () => !(await k.t.sql('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [devices.approver2.endpoint])).length,
      5000,
    );
    expect(service.errors).toEqual([]);
  });

  it('unsubscribing stops the pushes to that device', async () => {
    expect((await k.post(PUSH_PATHS.unsubscribe, { endpoint: devices.approver.endpoint }, 'approver')).code).toBe(200);
    const n = service.to(devices.approver).length;
    await submitSingle(k, { amount: '1.00' });
    await until('admin device got it', async () => service.to(devices.admin).some((r) => String(r.payload.body).includes('1.00')), 5000);
    expect(service.to(devices.approver).length).toBe(n);
  });
});
