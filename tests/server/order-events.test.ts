// Issue 14 §2: every committed change of an order's status reaches, within 2 s, the open sockets of
// the users of its tenant who may see the order — exactly once per change, never another tenant's
// socket nor one of a user without the pay permissions — and the maker hears of the decision and of
// the result as a system message in the bell. On PostgreSQL also across two server processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API_BASE } from '../../contract/constants';
import { MP } from '../../contract/api/message';
import { PAY_PATHS } from '../../contract/api/pay';
import type { BossApp } from '../../server/app';
import { BACKENDS, call, login, startPeerApp } from './helpers';
import { approve, key, payKit, settle, submitSingle, type PayKit } from './payKit';

type Msg = Record<string, unknown>;
interface Sock {
  ws: WebSocket;
  messages: Msg[];
}

async function listen(app: BossApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${addr.port}${API_BASE}${MP.socket}`;
}

function connect(base: string, token: string): Promise<Sock> {
  const ws = new WebSocket(`${base}?token=${encodeURIComponent(token)}`);
  const messages: Msg[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Msg));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
  });
}

async function waitFor(what: string, check: () => boolean, ms = 2000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The statuses a socket heard for an order, in order. */
const statusesOf = (s: Sock, orderId: string) => s.messages.filter((m) => m.cmd === 'live' && m.kind === 'payOrder' && m.id === orderId).map((m) => m.status);
/** The maker's bell pushes about an order. */
const noticesOf = (s: Sock, orderId: string) => s.messages.filter((m) => m.cmd === 'user' && m.busId === orderId);
/** Anything a socket heard that names the order. */
const anythingOf = (s: Sock, orderId: string) => s.messages.filter((m) => m.id === orderId || m.busId === orderId || m.orderId === orderId);

describe.each(BACKENDS)('order status events on %s', (backend) => {
  let k: PayKit;
  let base: string;
  let operator: Sock, approver: Sock, viewer: Sock, customer: Sock;

  beforeAll(async () => {
    k = await payKit(backend);
    base = await listen(k.t.app);
    // A user of the same tenant and group without any role (no pay permission), and the customer,
    // a user of another tenant.
    await k.t.sql(
      `INSERT INTO users (id, username, realname, password_hash) SELECT 'u-viewer', 'viewer', '旁观者', password_hash FROM users WHERE id = 'u-operator'`,
    );
    await k.t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-viewer', 'g-org')`);
    const [v, c] = await Promise.all([login(k.t.app, 'viewer'), login(k.t.app, 'customer')]);
    [operator, approver, viewer, customer] = await Promise.all([k.tok.operator, k.tok.approver, v.token, c.token].map((t) => connect(base, t)));
    await pause(200); // the server registers a socket once its token is checked
  }, 180_000);
  afterAll(async () => {
    for (const s of [operator, approver, viewer, customer]) s?.ws.close();
    await k?.close();
  });

  /** Nobody outside the audience heard anything of the order. */
  const outsidersHeardNothing = async (orderId: string) => {
    await pause(300);
    expect(anythingOf(viewer, orderId)).toEqual([]);
    expect(anythingOf(customer, orderId)).toEqual([]);
  };

  it('approve: submit, approval, execution and success each reach maker and approver once, within 2 s; the maker is told twice', async () => {
    const o = await submitSingle(k, { amount: '1.00' });
    await waitFor('pending on the approver socket', () => statusesOf(approver, o.orderId).includes('pending'));
    const at = Date.now();
    expect((await approve(k, o.orderId, o.version)).code).toBe(200);
    await settle(k);
    const all = ['pending', 'approved', 'executing', 'succeeded'];
    for (const s of [operator, approver]) await waitFor('every status', () => statusesOf(s, o.orderId).length >= all.length);
    await waitFor('approved heard', () => statusesOf(operator, o.orderId).includes('approved'));
    expect(Date.now() - at).toBeLessThan(2000);
    await pause(300);
    expect(statusesOf(operator, o.orderId)).toEqual(all);
    expect(statusesOf(approver, o.orderId)).toEqual(all);
    const live = operator.messages.find((m) => m.cmd === 'live' && m.id === o.orderId)!;
    expect(Object.keys(live).sort()).toEqual(['cmd', 'id', 'kind', 'status', 'tenant']);
    expect(live.tenant).toBe('0');

    const [order] = await k.t.sql<{ order_no: string }>('SELECT order_no FROM pay_orders WHERE id = $1', [o.orderId]);
    const told = noticesOf(operator, o.orderId).map((m) => m.titile);
    expect(told).toEqual([`您的付款订单 ${order.order_no} 已审核通过`, `您的付款订单 ${order.order_no} 已成功`]);
    expect(noticesOf(approver, o.orderId)).toEqual([]);
    // The bell lists them as system messages of the maker (and of nobody else).
    const bell = await call(k.t.app, 'GET', MP.listByUser, undefined, { token: k.tok.operator });
    const sys = (bell.json().result.sysMsgList as { titile: string; busId: string }[]).filter((n) => n.busId === o.orderId);
    expect(sys.map((n) => n.titile).sort()).toEqual([...told].sort());
    const other = await call(k.t.app, 'GET', MP.listByUser, undefined, { token: k.tok.approver });
    expect((other.json().result.sysMsgList as { busId: string }[]).filter((n) => n.busId === o.orderId)).toEqual([]);
    await outsidersHeardNothing(o.orderId);
  });

  it('reject: one rejected event, and the maker reads the reason', async () => {
    const o = await submitSingle(k, { amount: '2.00' });
    const r = await k.post(PAY_PATHS.auditReject, { orderIds: [o.orderId], reason: '用途不明' }, 'approver');
    expect(r.code).toBe(200);
    for (const s of [operator, approver]) await waitFor('rejected', () => statusesOf(s, o.orderId).includes('rejected'));
    await pause(300);
    expect(statusesOf(operator, o.orderId)).toEqual(['pending', 'rejected']);
    expect(statusesOf(approver, o.orderId)).toEqual(['pending', 'rejected']);
    const [order] = await k.t.sql<{ order_no: string }>('SELECT order_no FROM pay_orders WHERE id = $1', [o.orderId]);
    expect(noticesOf(operator, o.orderId).map((m) => m.titile)).toEqual([`您的付款订单 ${order.order_no} 已驳回：用途不明`]);
    await outsidersHeardNothing(o.orderId);
  });

  it('a refused approval (wrong password) changes nothing and announces nothing', async () => {
    const o = await submitSingle(k, { amount: '3.00' });
    await waitFor('pending', () => statusesOf(approver, o.orderId).includes('pending'));
    const r = await k.post(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [o.version], payPwd: 'wrong' }, 'approver');
    expect(r.code).toBeGreaterThanOrEqual(400);
    await pause(400);
    expect(statusesOf(approver, o.orderId)).toEqual(['pending']);
    expect(noticesOf(operator, o.orderId)).toEqual([]);
  });

  it('a failed execution: the maker reads the channel reason', async () => {
    const o = await submitSingle(k, { card: '6222000011112222333', amount: '10.99' });
    expect((await approve(k, o.orderId, o.version)).code).toBe(200);
    await settle(k);
    await waitFor('failed', () => statusesOf(operator, o.orderId).includes('failed'), 5000);
    await pause(300);
    expect(statusesOf(operator, o.orderId)).toEqual(['pending', 'approved', 'executing', 'failed']);
    const titles = noticesOf(operator, o.orderId).map((m) => m.titile as string);
    expect(titles).toHaveLength(2);
    expect(titles[1]).toMatch(/^您的付款订单 PO\d+ 失败：渠道拒绝/);
  });

  it('adjust orders are announced the same way', async () => {
    const r = await k.post(
      PAY_PATHS.adjustApply,
      { acctNo: k.acct.a1, direction: 'credit', amount: '4.00', reason: '补记', idempotencyKey: key() },
      'operator',
    );
    expect(r.code, JSON.stringify(r.json)).toBe(200);
    const o = r.json.body.order as { orderId: string; version: number; orderNo: string };
    expect((await approve(k, o.orderId, o.version)).code).toBe(200);
    await settle(k);
    for (const s of [operator, approver]) await waitFor('succeeded', () => statusesOf(s, o.orderId).includes('succeeded'));
    await pause(300);
    expect(statusesOf(approver, o.orderId)).toEqual(['pending', 'approved', 'executing', 'succeeded']);
    expect(noticesOf(operator, o.orderId).map((m) => m.titile)).toEqual([`您的调账申请 ${o.orderNo} 已审核通过`, `您的调账申请 ${o.orderNo} 已成功`]);
    await outsidersHeardNothing(o.orderId);
  });

  it.runIf(backend === 'postgres')('a change made in one process reaches the sockets of another, once', async () => {
    const peer = await startPeerApp(k.t);
    try {
      const base2 = await listen(peer.app);
      const [op2, ap2, viewer2] = await Promise.all([k.tok.operator, k.tok.approver, (await login(k.t.app, 'viewer')).token].map((t) => connect(base2, t)));
      await pause(200);
      const o = await submitSingle(k, { amount: '5.00' });
      const at = Date.now();
      expect((await approve(k, o.orderId, o.version)).code).toBe(200);
      await waitFor('approved on the other process', () => statusesOf(ap2, o.orderId).includes('approved'));
      expect(Date.now() - at).toBeLessThan(2000);
      await settle(k);
      await waitFor('succeeded on the other process', () => statusesOf(op2, o.orderId).includes('succeeded'));
      await pause(300);
      // Each socket once, though both processes heard the database's notice.
      expect(statusesOf(ap2, o.orderId)).toEqual(['pending', 'approved', 'executing', 'succeeded']);
      expect(statusesOf(op2, o.orderId)).toEqual(['pending', 'approved', 'executing', 'succeeded']);
      expect(noticesOf(op2, o.orderId)).toHaveLength(2);
      expect(noticesOf(operator, o.orderId)).toHaveLength(2);
      expect(anythingOf(viewer2, o.orderId)).toEqual([]);
      for (const s of [op2, ap2, viewer2]) s.ws.close();
    } finally {
      await peer.close();
    }
  });
});
