// The live-grid socket over a real listening server (issue 16 §1): sign-in and the userId of the
// path, the page's permission, tenant and customer scoping, row versions with the refusal of stale
// writes (the current row comes back), the row limit, bad messages answered without harm, and
// (PostgreSQL) changes relayed between two app instances on one database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages';
import {
  BATCH_DRAFT_PERMS,
  VXE_CLOSE,
  VXE_MSG,
  VXE_SOCKET_PATH,
  VXE_TYPE,
  type OpResult,
  type RowChange,
  type RowOp,
  type SyncedRow,
} from '../../contract/api/vxeSocket';
import { PAY_PERMS } from '../../contract/api/payWire';
import { vxeTuning } from '../../server/realtime/vxeSocket';
import { BACKENDS, login, startPeerApp, type TestApp } from './helpers';
import { listen, openSocket, socketApp, waitFor, type Sock as SockOf } from './lib/socketKit';

vxeTuning.sweepMs = 200;

interface Msg {
  type: string;
  data: unknown;
}
type Sock = SockOf<Msg>;

function open(base: string, userId: string, pageId: string, token: string | null, tenantId?: string): Sock {
  const q = new URLSearchParams();
  if (token !== null) q.set('token', token);
  if (tenantId) q.set('tenantId', tenantId);
  return openSocket<Msg>(`${base}/${userId}/${pageId}?${q.toString()}`);
}

/** Opens a signed-in socket and waits for its first snapshot. */
async function joined(base: string, userId: string, token: string, pageId = 'batchPay', tenantId?: string): Promise<Sock & { snapshot: SyncedRow[] }> {
  const s = open(base, userId, pageId, token, tenantId);
  const snap = await waitFor(() => s.messages.find((m) => m.type === VXE_TYPE.snapshot));
  return { ...s, snapshot: (snap.data as { rows: SyncedRow[] }).rows };
}

let opSeq = 0;
const opId = () => `op${++opSeq}`;
const sendOps = (s: Sock, socketKey: string, ops: RowOp[]) =>
  s.ws.send(JSON.stringify({ type: VXE_TYPE.send, data: { type: VXE_TYPE.update, socketKey, args: ops } }));
/** Sends ops and waits for their answers. */
async function write(s: Sock, socketKey: string, ops: RowOp[]): Promise<OpResult[]> {
  const before = s.messages.length;
  sendOps(s, socketKey, ops);
  const ack = await waitFor(() => s.messages.slice(before).find((m) => m.type === VXE_TYPE.ack && (m.data as OpResult[])[0]?.opId === ops[0]!.opId)).catch(
    (err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(s.messages.slice(before))}`);
    },
  );
  return ack.data as OpResult[];
}
/** Changes the socket heard (with the socketKey they came from). */
const heard = (s: Sock) => s.messages.filter((m) => m.type === VXE_TYPE.send).map((m) => m.data as { type: string; socketKey: string; args: RowChange[] });
const heardRow = (s: Sock, rowKey: string, version: number) =>
  heard(s).find((d) => d.args.some((c) => c.op === 'upsert' && c.row.rowKey === rowKey && c.row.version === version));

const key = (p: string) => `${p}${Math.random().toString(36).slice(2, 8)}`;

describe.each(BACKENDS)('live grid socket on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let tok: Record<string, string>;

  beforeAll(async () => {
    ({ t, base, tok } = await socketApp(backend, VXE_SOCKET_PATH, ['admin', 'operator', 'approver', 'customer']));
  });
  afterAll(async () => t?.close());

  it('refuses a missing or bad token, another user id, an unknown page and a page without the permission', async () => {
    expect(await open(base, 'u-operator', 'batchPay', null).closed).toEqual({ code: VXE_CLOSE.badToken, reason: MSG.tokenMissing });
    expect((await open(base, 'u-operator', 'batchPay', 'not-a-token').closed).code).toBe(VXE_CLOSE.badToken);
    expect(await open(base, 'u-admin', 'batchPay', tok.operator).closed).toEqual({ code: VXE_CLOSE.forbidden, reason: VXE_MSG.wrongUser });
    expect(await open(base, 'u-operator', 'noSuchPage', tok.operator).closed).toEqual({ code: VXE_CLOSE.forbidden, reason: VXE_MSG.pageUnknown });
    // The approver holds no pay:order:submit: the batch-pay draft is not theirs to see.
    expect(await open(base, 'u-approver', 'batchPay', tok.approver).closed).toEqual({ code: VXE_CLOSE.forbidden, reason: VXE_MSG.pageUnknown });
    // A tenant the user does not belong to.
    expect((await open(base, 'u-operator', 'batchPay', tok.operator, '1').closed).code).toBe(VXE_CLOSE.forbidden);
    const rows = await t.sql(`SELECT count(*)::int AS n FROM grid_rows`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('answers heart_beat, keeps versions, relays to the page and refuses a stale write with the current row', async () => {
    const a = await joined(base, 'u-operator', tok.operator);
    const b = await joined(base, 'u-admin', tok.admin);
    const row = key('r');
    a.ws.send(JSON.stringify({ type: VXE_TYPE.heartBeat, data: {} }));
    await waitFor(() => a.messages.find((m) => m.type === VXE_TYPE.heartBeat));

    const [ins] = await write(a, 'ka', [{ op: 'insert', opId: opId(), rowKey: row, sort: 1, values: { payeeName: '张三', amount: '10.00' } }]);
    expect(ins).toMatchObject({ ok: true, row: { rowKey: row, version: 1, sort: 1, values: { payeeName: '张三', amount: '10.00' } } });
    const at = Date.now();
    const got = await waitFor(() => heardRow(b, row, 1));
    expect(Date.now() - at).toBeLessThan(2000);
    expect(got.socketKey).toBe('ka');
    // The sender's own socket hears it too, marked with its table instance (the client skips it).
    expect((await waitFor(() => heardRow(a, row, 1))).socketKey).toBe('ka');

    // b edits from version 1: lands as version 2, only the fields sent change.
    const [upd] = await write(b, 'kb', [{ op: 'update', opId: opId(), rowKey: row, baseVersion: 1, values: { amount: '20.00' } }]);
    expect(upd).toMatchObject({ ok: true, row: { version: 2, values: { payeeName: '张三', amount: '20.00' } } });
    await waitFor(() => heardRow(a, row, 2));

    // a still believes version 1: refused, with the row as it now is; nothing changes.
    const [stale] = await write(a, 'ka', [{ op: 'update', opId: opId(), rowKey: row, baseVersion: 1, values: { amount: '30.00' } }]);
    expect(stale).toMatchObject({ ok: false, code: 'stale', message: VXE_MSG.stale, current: { version: 2, values: { amount: '20.00' } } });
    const [delStale] = await write(a, 'ka', [{ op: 'delete', opId: opId(), rowKey: row, baseVersion: 1 }]);
    expect(delStale).toMatchObject({ ok: false, code: 'stale', current: { version: 2 } });
    const stored = await t.sql<{ version: number; cells: Record<string, string> }>(`SELECT version, cells FROM grid_rows WHERE row_key = $1`, [row]);
    expect(stored).toEqual([{ version: 2, cells: { payeeName: '张三', amount: '20.00' } }]);

    // One message, several ops, each judged alone; a late joiner's snapshot holds what landed, in order.
    const other = key('r');
    const res = await write(a, 'ka', [
      { op: 'insert', opId: opId(), rowKey: other, sort: 0.5, values: { payeeName: '李四' } },
      { op: 'update', opId: opId(), rowKey: row, baseVersion: 9, values: { remark: 'x' } },
      { op: 'update', opId: opId(), rowKey: key('gone'), baseVersion: 1, values: { remark: 'x' } },
      { op: 'insert', opId: opId(), rowKey: row, sort: 3, values: {} },
      { op: 'update', opId: opId(), rowKey: other, baseVersion: 1, values: { notAColumn: 'x' } },
    ]);
    expect(res.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['ok', 'stale', 'gone', 'exists', 'invalid']);
    const c = await joined(base, 'u-operator', tok.operator);
    expect(c.snapshot.map((r) => r.rowKey)).toEqual([other, row]);

    const [del] = await write(b, 'kb', [{ op: 'delete', opId: opId(), rowKey: row, baseVersion: 2 }]);
    expect(del).toMatchObject({ ok: true, row: null });
    await waitFor(() => heard(a).find((d) => d.args.some((x) => x.op === 'delete' && x.rowKey === row)));
    for (const s of [a, b, c]) s.ws.close();
  });

  it('keeps tenants and customers apart: another tenant neither hears nor touches the rows', async () => {
    // The customer (tenant 1, customer C0001) is given the maker's code: it opens its own draft.
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE perms = ANY($1) ON CONFLICT DO NOTHING`, [
      [PAY_PERMS.submit, BATCH_DRAFT_PERMS.add],
    ]);
    const staff = await joined(base, 'u-operator', tok.operator);
    const cus = await joined(base, 'u-customer', tok.customer);
    const row = key('t');
    await write(staff, 'ks', [{ op: 'insert', opId: opId(), rowKey: row, sort: 9, values: { payeeName: '员工行' } }]);
    // Same row key from the other side: a row of its own draft, not the staff's.
    const [own] = await write(cus, 'kc', [{ op: 'insert', opId: opId(), rowKey: row, sort: 1, values: { payeeName: '客户行' } }]);
    expect(own).toMatchObject({ ok: true, row: { version: 1 } });
    const [foreign] = await write(cus, 'kc', [{ op: 'update', opId: opId(), rowKey: row, baseVersion: 1, values: { payeeName: '改' } }]);
    expect(foreign.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(cus.snapshot.some((r) => r.values.payeeName === '员工行')).toBe(false);
    expect(heard(cus).some((d) => d.args.some((x) => x.op === 'upsert' && x.row.values.payeeName === '员工行'))).toBe(false);
    expect(heard(staff).some((d) => d.socketKey === 'kc')).toBe(false);
    const rows = await t.sql<{ tenant_id: string; scope: string; cells: Record<string, string> }>(
      `SELECT tenant_id, scope, cells FROM grid_rows WHERE row_key = $1 ORDER BY tenant_id`,
      [row],
    );
    expect(rows).toEqual([
      { tenant_id: '0', scope: 'org', cells: { payeeName: '员工行' } },
      { tenant_id: '1', scope: 'cus:C0001', cells: { payeeName: '改' } },
    ]);
    staff.ws.close();
    cus.ws.close();
  });

  it('refuses inserts and deletes to a user without the grid’s add and batch_delete codes; cell edits still land', async () => {
    // The customer's role holds the page (the maker's code) but not the draft grid's toolbar codes.
    const grant = (perms: string[]) =>
      t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE perms = ANY($1) ON CONFLICT DO NOTHING`, [
        perms,
      ]);
    const revoke = (perms: string[]) =>
      t.sql(`DELETE FROM role_permissions WHERE role_id = 'r-customer' AND permission_id IN (SELECT id FROM permissions WHERE perms = ANY($1))`, [perms]);
    await grant([PAY_PERMS.submit, BATCH_DRAFT_PERMS.add]);
    await revoke([BATCH_DRAFT_PERMS.batchDelete]);
    const page = 'batchPay.noDelete1';
    const cus = await joined(base, 'u-customer', tok.customer, page);
    const row = key('n');
    const [ins] = await write(cus, 'kc', [{ op: 'insert', opId: opId(), rowKey: row, sort: 1, values: { payeeName: '甲' } }]);
    expect(ins.ok).toBe(true);
    await revoke([BATCH_DRAFT_PERMS.add]);
    // The permission cache hears the change from the database: poll until the refusal shows.
    const other = key('n');
    let refused: OpResult | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      const [r] = await write(cus, 'kc', [{ op: 'insert', opId: opId(), rowKey: other, sort: 2, values: { payeeName: '乙' } }]);
      if (!r!.ok) refused = r;
      else await write(cus, 'kc', [{ op: 'delete', opId: opId(), rowKey: other, baseVersion: r!.row!.version }]).catch(() => undefined);
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused).toMatchObject({ ok: false, code: 'forbidden', message: VXE_MSG.noAdd, current: null });
    // In one message: a delete refused with the row as it now is (after the edit), an edit of the same row that lands.
    const res = await write(cus, 'kc', [
      { op: 'delete', opId: opId(), rowKey: row, baseVersion: 1 },
      { op: 'update', opId: opId(), rowKey: row, baseVersion: 1, values: { amount: '5.00' } },
    ]);
    expect(res[0]).toMatchObject({ ok: false, code: 'forbidden', message: VXE_MSG.noDelete, current: { rowKey: row, version: 2 } });
    expect(res[1]).toMatchObject({ ok: true, row: { version: 2, values: { payeeName: '甲', amount: '5.00' } } });
    const stored = await t.sql<{ row_key: string; version: number }>(`SELECT row_key, version FROM grid_rows WHERE page_id = $1`, [page]);
    expect(stored).toEqual([{ row_key: row, version: 2 }]);
    cus.ws.close();
    await grant([BATCH_DRAFT_PERMS.add, BATCH_DRAFT_PERMS.batchDelete]);
  });

  it('keeps drafts of one page apart, and refuses a malformed draft id', async () => {
    const one = await joined(base, 'u-operator', tok.operator, 'batchPay.draftOne');
    const two = await joined(base, 'u-admin', tok.admin, 'batchPay.draftTwo');
    const same = await joined(base, 'u-admin', tok.admin, 'batchPay.draftOne');
    const row = key('d');
    await write(one, 'k1', [{ op: 'insert', opId: opId(), rowKey: row, sort: 1, values: { payeeName: '草稿一' } }]);
    await waitFor(() => heardRow(same, row, 1));
    await new Promise((r) => setTimeout(r, 200));
    expect(heard(two)).toEqual([]);
    expect((await joined(base, 'u-admin', tok.admin, 'batchPay.draftTwo')).snapshot).toEqual([]);
    expect(await open(base, 'u-operator', 'batchPay.x', tok.operator).closed).toEqual({ code: VXE_CLOSE.forbidden, reason: VXE_MSG.pageUnknown });
    for (const s of [one, two, same]) s.ws.close();
  });

  it('answers bad messages with an error and stays open; an oversized message closes only that socket', async () => {
    const a = await joined(base, 'u-operator', tok.operator);
    const bad = [
      'not json',
      '{"type":"nope","data":{}}',
      JSON.stringify({ type: VXE_TYPE.send, data: { type: VXE_TYPE.update, socketKey: 'k', args: [] } }),
      JSON.stringify({
        type: VXE_TYPE.send,
        data: { type: VXE_TYPE.update, socketKey: 'k', args: [{ op: 'update', opId: 'x', rowKey: '../x', baseVersion: 1 }] },
      }),
      JSON.stringify({
        type: VXE_TYPE.send,
        data: { type: VXE_TYPE.update, socketKey: 'k', args: [{ op: 'insert', opId: 'x', rowKey: 'abc', sort: 1, values: { remark: 'x'.repeat(201) } }] },
      }),
    ];
    for (const text of bad) a.ws.send(text);
    await waitFor(() => (a.messages.filter((m) => m.type === VXE_TYPE.error).length === bad.length ? true : undefined));
    expect(a.messages.filter((m) => m.type === VXE_TYPE.error).map((m) => m.data)).toEqual(bad.map(() => ({ message: VXE_MSG.badMessage })));
    a.ws.send(JSON.stringify({ type: VXE_TYPE.heartBeat }));
    await waitFor(() => a.messages.find((m) => m.type === VXE_TYPE.heartBeat));

    const big = await joined(base, 'u-operator', tok.operator);
    big.ws.send('x'.repeat(5000));
    expect((await big.closed).code).toBe(1009);
    a.ws.send(JSON.stringify({ type: VXE_TYPE.heartBeat }));
    await waitFor(() => (a.messages.filter((m) => m.type === VXE_TYPE.heartBeat).length === 2 ? true : undefined));
    expect((await t.sql(`SELECT count(*)::int AS n FROM grid_rows WHERE row_key = 'abc'`))[0]).toEqual({ n: 0 });
    a.ws.close();
  });

  it('closes the socket of a revoked session', async () => {
    const own = await login(t.app, 'operator');
    const s = await joined(base, 'u-operator', own.token);
    await t.sql(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = 'u-operator' AND revoked_at IS NULL AND created_at = (SELECT max(created_at) FROM sessions WHERE user_id = 'u-operator')`,
    );
    const closed = await Promise.race([s.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), 3000))]);
    expect(closed.code).toBe(VXE_CLOSE.sessionEnded);
  });

  it.runIf(backend === 'postgres')('relays row changes between two app instances on the same PostgreSQL', async () => {
    const peer = await startPeerApp(t);
    try {
      const base2 = await listen(peer.app, VXE_SOCKET_PATH);
      const onOne = await joined(base, 'u-operator', tok.operator);
      const onTwo = await joined(base2, 'u-admin', tok.admin);
      const row = key('p');
      const at = Date.now();
      await write(onOne, 'k1', [{ op: 'insert', opId: opId(), rowKey: row, sort: 7, values: { payeeName: '跨进程' } }]);
      await waitFor(() => heardRow(onTwo, row, 1));
      expect(Date.now() - at).toBeLessThan(2000);
      // And back, with versions shared: the peer's write from version 1 lands; a stale one from the first instance is refused.
      const [upd] = await write(onTwo, 'k2', [{ op: 'update', opId: opId(), rowKey: row, baseVersion: 1, values: { amount: '1.00' } }]);
      expect(upd.ok).toBe(true);
      await waitFor(() => heardRow(onOne, row, 2));
      const [stale] = await write(onOne, 'k1', [{ op: 'update', opId: opId(), rowKey: row, baseVersion: 1, values: { amount: '2.00' } }]);
      expect(stale).toMatchObject({ ok: false, code: 'stale', current: { version: 2, values: { amount: '1.00' } } });
      // Each socket hears each change once, although both processes receive it.
      await new Promise((r) => setTimeout(r, 200));
      expect(heard(onTwo).filter((d) => d.args.some((c) => c.op === 'upsert' && c.row.rowKey === row && c.row.version === 1))).toHaveLength(1);
      onOne.ws.close();
      onTwo.ws.close();
    } finally {
      await peer.close();
    }
  });
});
