// The notification socket over a real listening server: targeted delivery, heartbeat, refusal of
// bad tokens, closing on revoked sessions, and (PostgreSQL) fan-out between two app instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MP } from '../../contract/api/message';
import type { BossApp } from '../../server/app';
import { realtimeTuning } from '../../server/realtime/notifyHub';
import { BACKENDS, call, login, startPeerApp, type TestApp } from './helpers';
import { listen, openSocket, socketApp, waitFor, whenOpen, type Sock } from './lib/socketKit';

realtimeTuning.sweepMs = 200;

/** A signed-in notification socket, once open. */
const connect = (base: string, token: string): Promise<Sock<Record<string, unknown>>> => whenOpen(openSocket(`${base}?token=${encodeURIComponent(token)}`));

/** Waits until the server has registered the socket (authentication is asynchronous). */
const settle = () => new Promise((r) => setTimeout(r, 150));

describe.each(BACKENDS)('notification socket on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let tok: Record<string, string>;

  beforeAll(async () => {
    ({ t, base, tok } = await socketApp(backend, MP.socket, ['admin', 'operator', 'approver']));
  });
  afterAll(async () => t?.close());

  const releaseTo = async (userIds: string[] | null, titile: string, app: BossApp = t.app) => {
    const body = userIds ? { titile, msgType: 'USER', userIds } : { titile };
    const add = await call(app, 'POST', MP.add, body, { token: tok.admin, signed: true });
    const id = add.json().result.id as string;
    const at = Date.now();
    expect((await call(app, 'GET', MP.release, undefined, { token: tok.admin, query: { id } })).statusCode).toBe(200);
    return { id, at };
  };

  it('delivers a targeted release to its recipient only, within 2 s', async () => {
    const a = await connect(base, tok.operator);
    const b = await connect(base, tok.approver);
    await settle();
    const { id, at } = await releaseTo(['u-operator'], '只给经办');
    const got = await waitFor(() => a.messages.find((m) => m.msgId === id), 2000);
    expect(Date.now() - at).toBeLessThan(2000);
    expect(got).toMatchObject({ cmd: 'user', titile: '只给经办', priority: 'L', msgTxt: expect.any(String) });
    await new Promise((r) => setTimeout(r, 200));
    expect(b.messages.find((m) => m.msgId === id)).toBeUndefined();

    const all = await releaseTo(null, '全员');
    await waitFor(() => a.messages.find((m) => m.msgId === all.id && m.cmd === 'topic'), 2000);
    await waitFor(() => b.messages.find((m) => m.msgId === all.id && m.cmd === 'topic'), 2000);
    a.ws.close();
    b.ws.close();
  });

  it('answers HeartBeat and refuses a bad or missing token with a reason', async () => {
    const a = await connect(base, tok.operator);
    a.ws.send('HeartBeat');
    await waitFor(() => a.messages.find((m) => m.cmd === 'heartcheck'), 2000);
    a.ws.close();

    const bad = await connect(base, 'not-a-token');
    const closed = await bad.closed;
    expect(closed.code).toBe(4001);
    expect(closed.reason).toBe('Token失效，请重新登录');

    const none = new WebSocket(base);
    const c = await new Promise<number>((resolve) => none.on('close', (code) => resolve(code)));
    expect(c).toBe(4001);
  });

  it('closes the socket of a revoked session', async () => {
    const own = await login(t.app, 'approver');
    const s = await connect(base, own.token);
    await settle();
    await t.sql(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = 'u-approver' AND revoked_at IS NULL AND created_at = (SELECT max(created_at) FROM sessions WHERE user_id = 'u-approver')`,
    );
    const closed = await Promise.race([s.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), 3000))]);
    expect(closed.code).toBe(4002);
  });

  it.runIf(backend === 'postgres')('fans out through LISTEN/NOTIFY to a second app instance on the same database', async () => {
    const peer = await startPeerApp(t);
    try {
      const base2 = await listen(peer.app, MP.socket);
      const onTwo = await connect(base2, tok.operator);
      const onOne = await connect(base, tok.approver);
      await settle();
      const { id, at } = await releaseTo(['u-operator', 'u-approver'], '跨进程');
      await waitFor(() => onTwo.messages.find((m) => m.msgId === id), 2000);
      await waitFor(() => onOne.messages.find((m) => m.msgId === id), 2000);
      expect(Date.now() - at).toBeLessThan(2000);
      // Delivered once per socket, although both processes receive the notification.
      await new Promise((r) => setTimeout(r, 200));
      expect(onTwo.messages.filter((m) => m.msgId === id)).toHaveLength(1);
      onTwo.ws.close();
      onOne.ws.close();
    } finally {
      await peer.close();
    }
  });
});
