// Live grid rows without a browser (issue 16 §1): the merge of their row into mine, sort numbers,
// message packing, two VxeSync instances on an in-memory page that judges writes like the server
// (edits cross, conflicts are marked and resolved, deletes meet edits, a lost connection resends),
// and the socket's heartbeat / reconnect timing (spec §4: 10 s, 6 s, 5 s) with fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VXE_MSG, VXE_PAGES, VXE_TYPE, draftPageId, vxePage, type RowOp } from '@contract/api/vxeSocket';
import type { GridRow } from '@/components/grid/gridTypes';
import { assignSorts, mergeRow, packOps, VxeSync } from '@/components/grid/vxeSync';
import { INITIAL_LINK, linkStep, runVxeLink, type VxeSocketLike } from '@/components/grid/vxeHeartbeat';
import { VxeLoopbackRoom } from '@/components/grid/vxeLoopback';

const FIELDS = VXE_PAGES.batchPay!.fields;

describe('mergeRow', () => {
  const base = { payeeName: '张三', amount: '10.00', remark: '' };
  it('takes their change where I changed nothing, keeps mine where they changed nothing', () => {
    const r = mergeRow(FIELDS, base, { ...base, amount: '20.00' }, { ...base, remark: '工资' });
    expect(r.values).toMatchObject({ payeeName: '张三', amount: '20.00', remark: '工资' });
    expect(r.conflicts).toEqual({});
  });
  it('marks a cell both changed to different values, keeping mine; the same value is no conflict', () => {
    const r = mergeRow(FIELDS, base, { ...base, amount: '20.00', remark: '同' }, { ...base, amount: '30.00', remark: '同' });
    expect(r.values.amount).toBe('30.00');
    expect(r.conflicts).toEqual({ amount: { theirs: '20.00', mine: '30.00' } });
  });
  it('treats empty, null and missing as one value, and what I sent myself as no conflict', () => {
    expect(mergeRow(FIELDS, { remark: '' }, { remark: null }, {}).conflicts).toEqual({});
    // I sent 'A' (it landed, my answer was lost), then typed 'AB': keep 'AB', no conflict.
    const r = mergeRow(FIELDS, undefined, { payeeName: 'A' }, { payeeName: 'AB' }, {}, { payeeName: 'A' });
    expect(r).toEqual({ values: expect.objectContaining({ payeeName: 'AB' }), conflicts: {} });
  });
  it('an open conflict follows their newest value and ends when both agree', () => {
    const open = { amount: { theirs: '20.00', mine: '30.00' } };
    expect(mergeRow(FIELDS, base, { ...base, amount: '25.00' }, { ...base, amount: '30.00' }, open).conflicts).toEqual({
      amount: { theirs: '25.00', mine: '30.00' },
    });
    expect(mergeRow(FIELDS, base, { ...base, amount: '30.00' }, { ...base, amount: '30.00' }, open).conflicts).toEqual({});
  });
});

describe('vxePage', () => {
  it('knows a page by its kind, alone or with a well-formed draft id', () => {
    expect(vxePage('batchPay')).toBe(VXE_PAGES.batchPay);
    expect(vxePage(draftPageId('batchPay', 'Ab3-_x9'))).toBe(VXE_PAGES.batchPay);
    for (const bad of ['nope', 'batchPay.abc', 'batchPay.a.b.c', 'batchPay.abcdef.x', 'toString', '__proto__', 'batchPay.abc def'])
      expect(vxePage(bad), bad).toBeUndefined();
  });
});

describe('assignSorts and packOps', () => {
  it('keeps rising numbers, and gives moved and new rows numbers between their neighbours', () => {
    const known = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect([...assignSorts(['a', 'b', 'c'], known)]).toEqual([...known]);
    const moved = assignSorts(['b', 'a', 'c'], known);
    expect(moved.get('b')).toBe(2);
    expect(moved.get('a')).toBe(2.5);
    const fresh = assignSorts(['n', 'a', 'm', 'b', 'c', 'z'], known);
    const order = ['n', 'a', 'm', 'b', 'c', 'z'].map((k) => fresh.get(k)!);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(new Set(order).size).toBe(6);
    expect([fresh.get('a'), fresh.get('b'), fresh.get('c')]).toEqual([1, 2, 3]);
    // Halving again and again runs out of room between two numbers: order still holds.
    let k = new Map([
      ['x', 0],
      ['y', 1e-300],
    ]);
    for (let i = 0; i < 60; i++) k = assignSorts(['x', `n${i}`, ...[...k.keys()].filter((q) => q !== 'x')], k);
    const all = [...k.values()];
    expect(all).toEqual([...all].sort((p, q) => p - q));
  });

  it('packs ops under the message size and count limits', () => {
    const ops: RowOp[] = Array.from({ length: 250 }, (_, i) => ({
      op: 'insert',
      opId: `o${i}`,
      rowKey: `r${i}`,
      sort: i,
      values: { remark: '备'.repeat(50) },
    }));
    const packs = packOps(ops);
    expect(packs.flat()).toEqual(ops);
    for (const p of packs) {
      expect(p.length).toBeLessThanOrEqual(100);
      expect(
        new TextEncoder().encode(JSON.stringify({ type: VXE_TYPE.send, data: { type: VXE_TYPE.update, socketKey: 'k'.repeat(12), args: p } })).length,
      ).toBeLessThan(4096);
    }
  });
});

/** One grid instance on the room: a VxeSync over a loopback socket, sending at once. */
function client(room: VxeLoopbackRoom, key: string, placeholder?: () => GridRow) {
  const notices: string[] = [];
  let socket: VxeSocketLike | null = null;
  const sync: VxeSync = new VxeSync({
    fields: FIELDS,
    socketKey: key,
    send: (m) => socket?.send(JSON.stringify(m)),
    onChange: () => {},
    onNotice: (t) => notices.push(t),
    placeholder,
  });
  const connect = () => {
    const s = room.connect();
    socket = s;
    s.onopen = () => sync.opened();
    s.onmessage = (ev) => sync.receive(JSON.parse(String(ev.data)));
    s.onclose = () => {
      socket = null;
      sync.closed();
    };
  };
  connect();
  const edit = (rowKey: string, values: Record<string, unknown>) => sync.local(sync.rows.map((r) => (r.id === rowKey ? { ...r, ...values } : r)));
  return { sync, notices, connect, edit, cell: (rowKey: string, f: string) => sync.rows.find((r) => r.id === rowKey)?.[f] };
}

/** Lets every queued delivery (and the ones they cause) run. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(5);
};
/** Flushes the clients' edits and lets the room answer. */
async function round(...cs: ReturnType<typeof client>[]) {
  for (const c of cs) c.sync.flush();
  await settle();
}
const row = (id: string, values: Record<string, unknown> = {}): GridRow => ({
  id,
  payeeName: '',
  payeeAcctNo: '',
  bankCardNo: '',
  amount: '',
  remark: '',
  ...values,
});

describe('VxeSync on a page judged like the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one instance’s inserts, edits and deletes in the other, and skips its own echo', async () => {
    const room = new VxeLoopbackRoom(VXE_PAGES.batchPay!);
    const a = client(room, 'ka');
    const b = client(room, 'kb');
    await settle();
    expect(a.sync.ready && b.sync.ready).toBe(true);
    a.sync.local([row('r1', { payeeName: '张三' }), row('r2', { payeeName: '李四' })]);
    await round(a);
    expect(b.sync.rows.map((r) => [r.id, r.payeeName, r.orderNum])).toEqual([
      ['r1', '张三', 1],
      ['r2', '李四', 2],
    ]);
    expect(room.rows.get('r1')?.version).toBe(1);
    b.edit('r2', { amount: '5.00' });
    await round(b);
    expect(a.cell('r2', 'amount')).toBe('5.00');
    // b moves r2 to the top; a sees the order.
    b.sync.local([b.sync.rows[1]!, b.sync.rows[0]!]);
    await round(b);
    expect(a.sync.rows.map((r) => r.id)).toEqual(['r2', 'r1']);
    a.sync.local(a.sync.rows.filter((r) => r.id !== 'r1'));
    await round(a);
    expect(b.sync.rows.map((r) => r.id)).toEqual(['r2']);
    expect(a.sync.pending || b.sync.pending).toBe(false);
    expect(a.notices).toEqual([]);

    // A change marked with this table instance's own key is not applied again; another's is.
    const remote = (socketKey: string) =>
      a.sync.receive({
        type: VXE_TYPE.send,
        data: { type: VXE_TYPE.update, socketKey, args: [{ op: 'upsert', row: { rowKey: 'r9', version: 1, sort: 9, values: { payeeName: '回声' } } }] },
      });
    remote('ka');
    expect(a.sync.rows.map((r) => r.id)).toEqual(['r2']);
    remote('kz');
    expect(a.sync.rows.map((r) => r.id)).toEqual(['r2', 'r9']);
  });

  it('an empty page shows a blank row that joins the page only once typed in, and gives way to rows that arrive', async () => {
    const room = new VxeLoopbackRoom(VXE_PAGES.batchPay!);
    const a = client(room, 'ka', () => row('pa'));
    const b = client(room, 'kb', () => row('pb'));
    await settle();
    expect(a.sync.rows.map((r) => r.id)).toEqual(['pa']);
    await round(a, b);
    expect(room.rows.size).toBe(0);
    expect(a.sync.pending).toBe(false);
    a.edit('pa', { payeeName: '甲' });
    await round(a);
    expect(room.rows.get('pa')?.values.payeeName).toBe('甲');
    expect(b.sync.rows.map((r) => [r.id, r.payeeName])).toEqual([['pa', '甲']]);
  });

  it('two edits of one cell: the second is refused, marked as a conflict with both values, and resolved either way', async () => {
    const room = new VxeLoopbackRoom(VXE_PAGES.batchPay!);
    const a = client(room, 'ka');
    const b = client(room, 'kb');
    await settle();
    a.sync.local([row('r1', { amount: '10.00', remark: '原' })]);
    await round(a);
    // Both edit from version 1 before either hears of the other; b also edits another cell.
    a.edit('r1', { amount: '20.00' });
    b.edit('r1', { amount: '30.00', remark: '改' });
    a.sync.flush();
    b.sync.flush();
    await settle();
    expect(room.rows.get('r1')).toMatchObject({ version: 2, values: { amount: '20.00', remark: '原' } });
    expect(b.sync.conflicts).toEqual({ r1: { amount: { theirs: '20.00', mine: '30.00' } } });
    expect(b.cell('r1', 'amount')).toBe('30.00');
    // b's other cell was not contested: it is sent again from version 2 and lands.
    await round(b);
    expect(room.rows.get('r1')).toMatchObject({ version: 3, values: { amount: '20.00', remark: '改' } });
    expect(a.cell('r1', 'remark')).toBe('改');
    expect(a.sync.conflicts).toEqual({});

    b.sync.resolve('r1', 'amount', 'mine');
    await round(b);
    expect(room.rows.get('r1')?.values.amount).toBe('30.00');
    expect(a.cell('r1', 'amount')).toBe('30.00');
    expect(b.sync.conflicts).toEqual({});

    // Again, and this time b takes theirs: nothing more is written.
    a.edit('r1', { amount: '40.00' });
    b.edit('r1', { amount: '50.00' });
    a.sync.flush();
    b.sync.flush();
    await settle();
    expect(b.sync.conflicts.r1?.amount).toEqual({ theirs: '40.00', mine: '50.00' });
    const version = room.rows.get('r1')!.version;
    b.sync.resolve('r1', 'amount', 'theirs');
    await round(b);
    expect(b.cell('r1', 'amount')).toBe('40.00');
    expect(room.rows.get('r1')!.version).toBe(version);
    expect(b.sync.pending).toBe(false);
  });

  it('an edit of a row someone deleted is dropped with a notice; a delete of a row someone edited is refused and the row comes back', async () => {
    const room = new VxeLoopbackRoom(VXE_PAGES.batchPay!);
    const a = client(room, 'ka');
    const b = client(room, 'kb');
    await settle();
    a.sync.local([row('r1', { remark: '一' }), row('r2', { remark: '二' })]);
    await round(a);
    a.sync.local(a.sync.rows.filter((r) => r.id !== 'r1'));
    b.edit('r1', { payeeName: '晚了' });
    a.sync.flush();
    b.sync.flush();
    await settle();
    expect(b.sync.rows.map((r) => r.id)).toEqual(['r2']);
    expect(b.notices).toContain(VXE_MSG.gone);

    b.edit('r2', { payeeName: '先改' });
    a.sync.local([]);
    b.sync.flush();
    await settle();
    a.sync.flush();
    await settle();
    expect(room.rows.get('r2')?.values.payeeName).toBe('先改');
    expect(a.sync.rows.map((r) => [r.id, r.payeeName])).toEqual([['r2', '先改']]);
  });

  it('after a lost connection, edits made meanwhile go out and nothing already sent conflicts with itself', async () => {
    const room = new VxeLoopbackRoom(VXE_PAGES.batchPay!);
    const a = client(room, 'ka');
    const b = client(room, 'kb');
    await settle();
    a.sync.local([row('r1', { payeeName: 'A' })]);
    a.sync.flush();
    // The answer is lost with the connection, though the insert landed.
    room.setOnline(false);
    await settle();
    expect(a.sync.connected).toBe(false);
    a.edit('r1', { payeeName: 'AB' });
    a.sync.flush();
    room.setOnline(true);
    a.connect();
    b.connect();
    await settle();
    await round(a);
    expect(a.sync.conflicts).toEqual({});
    expect(room.rows.get('r1')).toMatchObject({ version: 2, values: { payeeName: 'AB' } });
    expect(b.cell('r1', 'payeeName')).toBe('AB');
  });
});

describe('socket link: heartbeat 10 s, reply within 6 s, reconnect after 5 s', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function fakeServer(answerHeartbeat: () => boolean) {
    const sockets: (VxeSocketLike & { sent: string[]; closed: boolean })[] = [];
    const open = () => {
      const s = {
        sent: [] as string[],
        closed: false,
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
        send(text: string) {
          s.sent.push(text);
          if (answerHeartbeat()) setTimeout(() => s.onmessage?.({ data: text }), 100);
        },
        close() {
          s.closed = true;
        },
      } as VxeSocketLike & { sent: string[]; closed: boolean };
      sockets.push(s);
      setTimeout(() => s.onopen?.({}), 10);
      return s;
    };
    return { sockets, open };
  }

  it('beats every 10 s while answered; drops the socket 6 s after an unanswered beat and reconnects 5 s later', async () => {
    let answering = true;
    const server = fakeServer(() => answering);
    const downs: number[] = [];
    const start = Date.now();
    const stop = runVxeLink({ open: server.open, onOpen: () => {}, onMessage: () => {}, onDown: () => downs.push(Date.now() - start) }, 'HB');
    await vi.advanceTimersByTimeAsync(10);
    expect(server.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(server.sockets[0]!.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets[0]!.sent).toEqual(['HB']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sockets[0]!.sent).toEqual(['HB', 'HB']);
    answering = false;
    await vi.advanceTimersByTimeAsync(10_000); // third beat at 30 010 ms, unanswered
    expect(server.sockets[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(server.sockets[0]!.closed).toBe(true);
    expect(downs).toEqual([36_010]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(2);
    stop();
    expect(server.sockets[1]!.closed).toBe(true);
  });

  it('reconnects 5 s after a close or an error, and gives up a connect attempt that does not open within 6 s', async () => {
    const server = fakeServer(() => true);
    const stop = runVxeLink({ open: server.open, onOpen: () => {}, onMessage: () => {}, onDown: () => {} }, 'HB');
    await vi.advanceTimersByTimeAsync(10);
    server.sockets[0]!.onclose?.({});
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10);
    server.sockets[1]!.onerror?.({});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.sockets).toHaveLength(3);
    stop();

    // A connect attempt that never opens.
    let s = linkStep(INITIAL_LINK, { type: 'start', now: 0 });
    expect(s.effects).toEqual(['connect']);
    s = linkStep(s.state, { type: 'tick', now: 5_999 });
    expect(s.effects).toEqual([]);
    s = linkStep(s.state, { type: 'tick', now: 6_000 });
    expect(s).toMatchObject({ state: { phase: 'down', reconnectAt: 11_000 }, effects: ['close'] });
    s = linkStep(s.state, { type: 'closed', now: 6_100 });
    expect(s.effects).toEqual([]);
    expect(linkStep(s.state, { type: 'tick', now: 11_000 }).effects).toEqual(['connect']);
  });
});
