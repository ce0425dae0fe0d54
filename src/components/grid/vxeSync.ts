// Live multi-user rows of the editable grid (spec §4 live sync; issue 16 §1), without React or a
// socket: VxeSync keeps what the server last confirmed of each row (its version) beside what this
// grid shows, turns local edits into row ops made from those versions, and folds in what others
// did. A remote change applies unless it came from this table instance (socketKey). A cell both
// sides changed to different values becomes a conflict: the grid keeps this user's value and shows
// theirs until the user picks one (resolve). Rows are ordered by a server-kept sort number; local
// moves and inserts get new numbers between their neighbours (assignSorts).
import type { CellValue, OpResult, RowChange, RowOp, SyncedRow, VxeServerMessage } from '@contract/api/vxeSocket';
import { VXE_MSG, VXE_TYPE } from '@contract/api/vxeSocket';
import type { ConflictChoice, GridCellConflict, GridConflicts } from './GridConflict';
import type { GridRow } from './gridTypes';

/** Longest client message in bytes (the server refuses 4096 and more). */
const MAX_MESSAGE_BYTES = 3500;
const MAX_OPS_PER_MESSAGE = 100;

/** Empty, null and missing cells are the same value. */
export const cellOf = (v: unknown): CellValue => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
};
const same = (a: unknown, b: unknown) => cellOf(a) === cellOf(b);

/**
 * Folds their version of a row into mine. `base` is what both started from, `sent` what this
 * client already sent of the row and may have landed (never a conflict when theirs equals it).
 * A field only they changed takes theirs; only I changed keeps mine; both to different values is
 * a conflict (mine kept). An open conflict follows their newest value, and ends when both agree.
 */
export function mergeRow(
  fields: readonly string[],
  base: Record<string, unknown> | undefined,
  theirs: Record<string, unknown>,
  mine: Record<string, unknown>,
  open: Record<string, GridCellConflict> = {},
  sent: Record<string, unknown> = {},
): { values: Record<string, unknown>; conflicts: Record<string, GridCellConflict> } {
  const values: Record<string, unknown> = {};
  const conflicts: Record<string, GridCellConflict> = {};
  for (const f of fields) {
    const t = theirs[f];
    const m = mine[f];
    values[f] = m;
    if (same(t, m)) continue;
    if (open[f]) {
      conflicts[f] = { theirs: cellOf(t), mine: open[f].mine };
      continue;
    }
    if (same(m, base?.[f])) values[f] = cellOf(t);
    else if (!same(t, base?.[f]) && !(f in sent && same(t, sent[f]))) conflicts[f] = { theirs: cellOf(t), mine: m };
  }
  return { values, conflicts };
}

/**
 * Sort numbers for rows in this order: a row keeps its number while the numbers keep rising, and
 * rows out of place (moved, or new) get one between their neighbours.
 */
export function assignSorts(order: readonly string[], known: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  // The nearest known number to the right of each place.
  const nextKnown = new Array<number>(order.length + 1).fill(Infinity);
  for (let i = order.length - 1; i >= 0; i--) nextKnown[i] = known.get(order[i]!) ?? nextKnown[i + 1]!;
  let prev = -Infinity;
  order.forEach((key, i) => {
    const s = known.get(key);
    if (s !== undefined && s > prev) {
      out.set(key, s);
      prev = s;
      return;
    }
    const next = nextKnown[i + 1]! > prev ? nextKnown[i + 1]! : Infinity;
    let v = prev === -Infinity ? (next === Infinity ? 1 : next - 1) : next === Infinity ? prev + 1 : (prev + next) / 2;
    if (!(v > prev)) v = prev + 1;
    out.set(key, v);
    prev = v;
  });
  return out;
}

/** Packs ops into as few messages as the size limits allow. */
export function packOps(ops: RowOp[], maxBytes = MAX_MESSAGE_BYTES, maxOps = MAX_OPS_PER_MESSAGE): RowOp[][] {
  const out: RowOp[][] = [];
  let batch: RowOp[] = [];
  let size = 0;
  for (const op of ops) {
    const bytes = new TextEncoder().encode(JSON.stringify(op)).length + 1;
    if (batch.length && (size + bytes > maxBytes || batch.length >= maxOps)) {
      out.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(op);
    size += bytes;
  }
  if (batch.length) out.push(batch);
  return out;
}

export interface VxeSyncOptions {
  fields: readonly string[];
  /** This table instance (changes it made come back marked with it and are skipped). */
  socketKey: string;
  send: (message: object) => void;
  /** Rows or conflicts changed. */
  onChange: () => void;
  /** Something the user should be told ('该行已被他人删除', …). */
  onNotice: (text: string) => void;
  /** The row shown when the page's first load is empty (it joins the page once something is typed in it). */
  placeholder?: () => GridRow;
}

interface Sent {
  op: RowOp;
  /** The connection closed before the answer came: it may or may not have landed. */
  uncertain: boolean;
}

export class VxeSync {
  /** What the server last confirmed, by row key. */
  private base = new Map<string, SyncedRow>();
  private sorts = new Map<string, number>();
  private inflight = new Map<string, Sent>();
  private seq = 0;
  /** The blank row an empty first load showed, until someone's rows arrive or it is typed in. */
  private placeholderId: string | null = null;
  rows: GridRow[] = [];
  conflicts: GridConflicts = {};
  /** The first snapshot arrived. */
  ready = false;
  connected = false;

  constructor(private readonly o: VxeSyncOptions) {}

  /** The grid's rows after a local edit; flush() sends what changed. */
  local(rows: GridRow[]): void {
    this.rows = rows;
    const known = new Map<string, number>();
    for (const r of rows) {
      const s = this.sorts.get(r.id) ?? this.base.get(r.id)?.sort;
      if (s !== undefined) known.set(r.id, s);
    }
    this.sorts = assignSorts(
      rows.map((r) => r.id),
      known,
    );
    const keep = new Set(rows.map((r) => r.id));
    if (Object.keys(this.conflicts).some((k) => !keep.has(k))) this.conflicts = Object.fromEntries(Object.entries(this.conflicts).filter(([k]) => keep.has(k)));
    this.o.onChange();
  }

  /** Sends an op for every row whose shown state differs from the confirmed one and has none in flight. */
  flush(): void {
    if (!this.ready || !this.connected) return;
    const ops: RowOp[] = [];
    const shown = new Set<string>();
    for (const r of this.rows) {
      shown.add(r.id);
      if (this.inflight.has(r.id)) continue;
      const b = this.base.get(r.id);
      const sort = this.sorts.get(r.id)!;
      if (!b) {
        // A row joins the page once something is typed in it: blank rows stay this grid's own.
        const values = this.cells(r);
        if (Object.values(values).some((v) => v !== '')) ops.push({ op: 'insert', opId: this.opId(), rowKey: r.id, sort, values });
        continue;
      }
      const open = this.conflicts[r.id] ?? {};
      const changed = this.o.fields.filter((f) => !open[f] && !same(r[f], b.values[f]));
      if (!changed.length && sort === b.sort) continue;
      ops.push({
        op: 'update',
        opId: this.opId(),
        rowKey: r.id,
        baseVersion: b.version,
        ...(changed.length ? { values: Object.fromEntries(changed.map((f) => [f, cellOf(r[f])])) } : {}),
        ...(sort !== b.sort ? { sort } : {}),
      });
    }
    for (const [k, b] of this.base) {
      if (!shown.has(k) && !this.inflight.has(k)) ops.push({ op: 'delete', opId: this.opId(), rowKey: k, baseVersion: b.version });
    }
    for (const op of ops) this.inflight.set(op.rowKey, { op, uncertain: false });
    for (const args of packOps(ops)) this.o.send({ type: VXE_TYPE.send, data: { type: VXE_TYPE.update, socketKey: this.o.socketKey, args } });
  }

  /** True while some local change has not been confirmed by the server. */
  get pending(): boolean {
    if (this.inflight.size) return true;
    const shown = new Set(this.rows.map((r) => r.id));
    if ([...this.base.keys()].some((k) => !shown.has(k))) return true;
    return this.rows.some((r) => {
      const b = this.base.get(r.id);
      if (!b) return this.o.fields.some((f) => cellOf(r[f]) !== '');
      return this.sorts.get(r.id) !== b.sort || this.o.fields.some((f) => !this.conflicts[r.id]?.[f] && !same(r[f], b.values[f]));
    });
  }

  opened(): void {
    this.connected = true;
  }

  /** Answers of ops sent on the lost connection may never come: what they did shows in the next snapshot. */
  closed(): void {
    this.connected = false;
    for (const s of this.inflight.values()) s.uncertain = true;
  }

  receive(m: VxeServerMessage): void {
    if (m.type === VXE_TYPE.snapshot) this.snapshot(m.data.rows);
    else if (m.type === VXE_TYPE.send) {
      if (m.data.socketKey === this.o.socketKey) return;
      for (const c of m.data.args) this.change(c);
    } else if (m.type === VXE_TYPE.ack) m.data.forEach((r) => this.answer(r));
    else if (m.type === VXE_TYPE.error) this.o.onNotice(m.data.message);
    else return;
    this.reorder();
    this.o.onChange();
  }

  /** Takes their value (it is already the confirmed one) or sends mine again from the current version. */
  resolve(rowKey: string, field: string, choice: ConflictChoice): void {
    const c = this.conflicts[rowKey]?.[field];
    if (!c) return;
    const rest = { ...this.conflicts[rowKey] };
    delete rest[field];
    this.conflicts = { ...this.conflicts };
    if (Object.keys(rest).length) this.conflicts[rowKey] = rest;
    else delete this.conflicts[rowKey];
    this.rows = this.rows.map((r) => (r.id === rowKey ? { ...r, [field]: choice === 'theirs' ? c.theirs : c.mine } : r));
    this.o.onChange();
  }

  private opId(): string {
    return `${this.o.socketKey}-${++this.seq}`;
  }

  private cells(r: GridRow): Record<string, CellValue> {
    return Object.fromEntries(this.o.fields.map((f) => [f, cellOf(r[f])]));
  }

  private snapshot(rows: SyncedRow[]): void {
    if (!this.ready) {
      // The first load: the draft as the server has it (nothing could be edited before).
      this.ready = true;
      this.base = new Map(rows.map((r) => [r.rowKey, r]));
      this.sorts = new Map(rows.map((r) => [r.rowKey, r.sort]));
      this.rows = rows.map((r) => ({ id: r.rowKey, ...r.values }));
      if (!rows.length && this.o.placeholder) {
        const blank = this.o.placeholder();
        this.placeholderId = blank.id;
        this.local([blank]);
      }
      return;
    }
    const present = new Set(rows.map((r) => r.rowKey));
    for (const k of [...this.base.keys()]) if (!present.has(k)) this.change({ op: 'delete', rowKey: k });
    for (const r of rows) this.change({ op: 'upsert', row: r });
    // Ops of a lost connection: whatever landed is in the snapshot; the rest is sent again.
    for (const [k, s] of [...this.inflight]) if (s.uncertain) this.inflight.delete(k);
  }

  private change(c: RowChange): void {
    if (c.op === 'reload') return this.o.send({ type: VXE_TYPE.snapshot, data: {} });
    if (c.op === 'delete') return this.removed(c.rowKey);
    this.upsert(c.row);
  }

  private upsert(row: SyncedRow): void {
    const k = row.rowKey;
    const b = this.base.get(k);
    if (b && b.version >= row.version) return;
    const at = this.rows.findIndex((r) => r.id === k);
    if (at < 0) {
      // My delete of it is on its way: its answer decides (refused as stale, it calls here again).
      if (b && this.inflight.has(k)) return;
      // Deleted here without seeing their change: their edit wins over the delete, the row comes back.
      if (b) this.o.onNotice(`${VXE_MSG.stale}，未删除`);
      this.base.set(k, row);
      this.rows = [...this.withoutPlaceholder(), { id: k, ...row.values }];
      this.sorts.set(k, row.sort);
      return;
    }
    this.base.set(k, row);
    const mine = this.rows[at]!;
    const sent = this.inflight.get(k)?.op;
    const merged = mergeRow(this.o.fields, b?.values, row.values, mine, this.conflicts[k], sent && sent.op !== 'delete' ? (sent.values ?? {}) : {});
    this.rows = this.rows.map((r, i) => (i === at ? { ...r, ...merged.values } : r));
    this.conflicts = { ...this.conflicts };
    if (Object.keys(merged.conflicts).length) this.conflicts[k] = merged.conflicts;
    else delete this.conflicts[k];
    if (!b || this.sorts.get(k) === b.sort) this.sorts.set(k, row.sort);
  }

  /** The rows without the first load's blank row if nobody typed in it: the page has rows now. */
  private withoutPlaceholder(): GridRow[] {
    const id = this.placeholderId;
    this.placeholderId = null;
    const blank = id !== null && !this.base.has(id) && this.rows.find((r) => r.id === id);
    if (!blank || this.o.fields.some((f) => cellOf(blank[f]) !== '')) return this.rows;
    this.sorts.delete(id);
    return this.rows.filter((r) => r.id !== id);
  }

  private removed(k: string): void {
    const had = this.base.get(k);
    this.base.delete(k);
    const mine = this.rows.find((r) => r.id === k);
    if (!mine) return;
    const edited = !had || this.o.fields.some((f) => !same(mine[f], had.values[f]));
    this.rows = this.rows.filter((r) => r.id !== k);
    this.sorts.delete(k);
    if (this.conflicts[k]) {
      this.conflicts = { ...this.conflicts };
      delete this.conflicts[k];
    }
    if (edited) this.o.onNotice(VXE_MSG.gone);
  }

  private answer(r: OpResult): void {
    const sent = this.inflight.get(r.rowKey);
    if (sent?.op.opId !== r.opId) return;
    this.inflight.delete(r.rowKey);
    if (r.ok) {
      if (r.row) {
        const b = this.base.get(r.rowKey);
        if (!b || b.version < r.row.version) this.base.set(r.rowKey, r.row);
      } else this.base.delete(r.rowKey);
      return;
    }
    if (r.code === 'gone') return this.removed(r.rowKey);
    if (r.current) return this.upsert(r.current);
    // Refused without a row to show (row limit, unknown field): the row was never stored.
    this.o.onNotice(r.message);
    if (sent.op.op === 'insert') {
      this.rows = this.rows.filter((x) => x.id !== r.rowKey);
      this.sorts.delete(r.rowKey);
    }
  }

  /** Rows in the order of their sort numbers (stable: rows not moved keep their place). */
  private reorder(): void {
    const sorted = [...this.rows].sort((a, b) => (this.sorts.get(a.id) ?? 0) - (this.sorts.get(b.id) ?? 0));
    this.rows = sorted.map((r, i) => (r.orderNum === i + 1 ? r : { ...r, orderNum: i + 1 }));
  }
}

/** One conflicting cell as the conflict list shows it. */
export interface ConflictItem {
  rowKey: string;
  rowNo: number;
  field: string;
  title: string;
  theirs: string;
  mine: string;
}

/** The conflicts in row order, with row numbers and column titles. */
export function conflictItems(conflicts: GridConflicts, rows: readonly GridRow[], columns: readonly { key: string; title: string }[]): ConflictItem[] {
  const out: ConflictItem[] = [];
  rows.forEach((r, i) => {
    for (const c of columns) {
      const x = conflicts[r.id]?.[c.key];
      if (x) out.push({ rowKey: r.id, rowNo: i + 1, field: c.key, title: c.title, theirs: String(cellOf(x.theirs)), mine: String(cellOf(x.mine)) });
    }
  });
  return out;
}

export type SyncTone = 'ok' | 'busy' | 'down';
/** What the status line says of the live link (spec §4: reconnect after 5 s). */
export function syncStatus(phase: string, ready: boolean, pending: boolean): { tone: SyncTone; text: string } {
  if (phase === 'down') return { tone: 'down', text: '实时协同已断开，5秒后重连' };
  if (phase !== 'open' || !ready) return { tone: 'busy', text: '实时协同连接中…' };
  return pending ? { tone: 'busy', text: '实时协同：保存中…' } : { tone: 'ok', text: '实时协同：已同步' };
}
