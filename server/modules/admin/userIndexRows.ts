// The list rows of the user list index (userIndex.ts): the columns a row shows besides those the
// index filters and sorts by, kept per user in one buffer (RestArena), the departments' names and
// order, and a row built from them exactly as listUsers (userQuery.ts wireRow) shows it. The rows were
// read by id for each page before (an LRU of 50,000): on a busy day that was a third of the pages and
// most of the database's work, and the list waited behind the writes for a connection (issue 15 §2).
// Here they take about 80 bytes a user, in one buffer.
import type { SysUserRow } from '../../../contract/api/admin';
import { queryArrays, type Db } from '../../db/client';
import type { TenantIndex } from './userIndexTenant';
import { compareCodePoints } from './userIndexText';
import { wireRow, type ListedUser } from './userQuery';

/** The list row's other columns (userQuery.ts LIST_COLUMNS; all text) and the user's departments (of every tenant). */
export interface RowRest {
  avatar: string | null;
  mobile: string | null;
  email: string | null;
  telephone: string | null;
  birthday: string | null;
  post: string | null;
  workNo: string | null;
  orgCode: string | null;
  createdBy: string | null;
  departIds: string[] | null;
}
const REST_KEYS = ['avatar', 'mobile', 'email', 'telephone', 'birthday', 'post', 'workNo', 'orgCode', 'createdBy', 'departIds'] as const;

/**
 * Every user's RowRest as UTF-8 JSON in one growing buffer, found by slot: no object per user for the
 * garbage collector to walk. Kept as objects they were ten more heap objects a user, and at a million
 * users every full collection stopped the process for half a second. A changed row is appended; the
 * buffer is rewritten without the old ones once they are most of it.
 */
export class RestArena {
  private buf = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private live = 0;
  private start = new Uint32Array(1024);
  private len = new Uint32Array(1024);

  get(slot: number): RowRest {
    const values = JSON.parse(this.buf.toString('utf8', this.start[slot], this.start[slot] + this.len[slot])) as unknown[];
    const rest = {} as Record<(typeof REST_KEYS)[number], unknown>;
    for (let i = 0; i < REST_KEYS.length; i++) rest[REST_KEYS[i]] = values[i];
    return rest as unknown as RowRest;
  }

  /** Whether the slot holds exactly this rest. */
  holds(slot: number, text: string): boolean {
    return (
      slot < this.start.length &&
      this.len[slot] === Buffer.byteLength(text) &&
      this.buf.toString('utf8', this.start[slot], this.start[slot] + this.len[slot]) === text
    );
  }

  set(slot: number, text: string): void {
    if (slot >= this.start.length) {
      const size = Math.max(slot + 1, this.start.length * 2);
      const start = new Uint32Array(size);
      const len = new Uint32Array(size);
      start.set(this.start);
      len.set(this.len);
      [this.start, this.len] = [start, len];
    }
    const bytes = Buffer.byteLength(text);
    this.live += bytes - this.len[slot];
    if (this.used + bytes > this.buf.length) this.grow(bytes);
    this.buf.write(text, this.used);
    this.start[slot] = this.used;
    this.len[slot] = bytes;
    this.used += bytes;
  }

  clear(slot: number): void {
    if (slot >= this.len.length) return;
    this.live -= this.len[slot];
    this.len[slot] = 0;
  }

  /** Room for `bytes` more: the live rows copied into a buffer twice their size (and the new bytes). */
  private grow(bytes: number): void {
    const next = Buffer.allocUnsafe(Math.max(1 << 16, 2 * (this.live + bytes)));
    let at = 0;
    for (let slot = 0; slot < this.len.length; slot++) {
      const n = this.len[slot];
      if (n === 0) continue;
      this.buf.copy(next, at, this.start[slot], this.start[slot] + n);
      this.start[slot] = at;
      at += n;
    }
    this.buf = next;
    this.used = at;
  }
}

export const restText = (r: RowRest): string => JSON.stringify(REST_KEYS.map((k) => r[k]));

/** A department as a list row shows it (its name, ordered by org code, when in the row's tenant). */
export interface Depart {
  name: string;
  orgCode: string;
  tenantId: string;
}

/** Every department by id. */
export async function readDeparts(db: Db): Promise<Map<string, Depart>> {
  const rows = await queryArrays(db, { name: '', sql: 'SELECT id, depart_name, org_code, tenant_id FROM departments', params: [] }, {});
  return new Map(rows.map((r) => [r[0] as string, { name: r[1] as string, orgCode: r[2] as string, tenantId: r[3] as string }]));
}

/**
 * The JSON text of the list rows lately sent, by slot, in one ring of bytes: a row asked for again is
 * copied into the answer as it is, with no object built and nothing serialized. Building each row
 * and serializing the page was a third of the main thread on a busy day (issue 15 §2: about 4.7 µs a
 * row, 38 rows a page on average). The ring is one buffer, not an object per row, so the collector
 * has nothing more to walk; a row older than the ring's length is written over and built again.
 * A row is dropped when its user changes (TenantIndex.put), and every row when the departments do.
 */
export class RowTexts {
  private buf: Buffer | null = null;
  /** Bytes written since the start (a position in the ring is this modulo the capacity). */
  private pos = 0;
  /** Rows written before this position are gone (clear). */
  private validFrom = 0;
  /** Each slot's row: where it starts (in bytes written since the start), and its length plus one (0: none). */
  private at = new Float64Array(0);
  private len = new Uint32Array(0);
  private departs: Map<string, Depart> | null = null;
  private capacity = 0;

  /** `sized()`: the ring's bytes, asked when the first row is put (a row is about 500 bytes). */
  constructor(private readonly sized: () => number) {}

  /** The length of the slot's row text, if it is still in the ring, else -1. */
  lengthOf(slot: number): number {
    const n = (slot < this.len.length ? this.len[slot] : 0) - 1;
    if (n < 0) return -1;
    const start = this.at[slot];
    return start < this.validFrom || start < this.pos - this.capacity ? -1 : n;
  }

  /** Copies the slot's row text (lengthOf says it is there, and nothing was put since) into `out` at `at`. */
  copy(slot: number, out: Buffer, at: number): number {
    const off = this.at[slot] % this.capacity;
    return this.buf!.copy(out, at, off, off + this.len[slot] - 1);
  }

  /** The slot's row text, if it is still in the ring. */
  get(slot: number): Buffer | null {
    const n = this.lengthOf(slot);
    if (n < 0) return null;
    const out = Buffer.allocUnsafe(n);
    this.copy(slot, out, 0);
    return out;
  }

  /** The ring and room for `slots` slots, made now (at load) rather than by the first pages. */
  reserve(slots: number): void {
    if (!this.buf) {
      this.capacity = this.sized();
      this.buf = Buffer.allocUnsafe(this.capacity);
    }
    if (slots > this.len.length) {
      const at = new Float64Array(slots);
      const len = new Uint32Array(slots);
      at.set(this.at);
      len.set(this.len);
      [this.at, this.len] = [at, len];
    }
  }

  put(slot: number, text: string): void {
    if (!this.buf) this.reserve(0);
    const n = Buffer.byteLength(text);
    if (n > this.capacity >>> 4) return this.drop(slot);
    if (slot >= this.len.length) this.reserve(Math.max(slot + 1, this.len.length * 2, 1024));
    let off = this.pos % this.capacity;
    // A row is never split at the ring's end: the rest of the lap is skipped.
    if (off + n > this.capacity) {
      this.pos += this.capacity - off;
      off = 0;
    }
    this.buf!.write(text, off);
    this.at[slot] = this.pos;
    this.len[slot] = n + 1;
    this.pos += n;
  }

  drop(slot: number): void {
    if (slot < this.len.length) this.len[slot] = 0;
  }

  /** The rows' departments' names are those of `departs` (another map: every row is built again). */
  showing(departs: Map<string, Depart>): void {
    if (departs === this.departs) return;
    this.departs = departs;
    // One byte skipped: a row put before (even an empty one) starts before validFrom.
    this.validFrom = ++this.pos;
  }
}

const enc = (s: string) => Buffer.from(s);
const PAGE_HEAD = enc('{"records":[');
const COMMA = 0x2c;

/**
 * A page of `ids` (users of the index, in order) as the JSON text of PageResult<SysUserRow>, the rows
 * exactly as listRow builds them; null when a department of one is not in `departs` (not read yet).
 */
export function pageText(
  index: TenantIndex,
  ids: string[],
  departs: Map<string, Depart>,
  tenantId: string,
  tail: { total: number; size: number; current: number },
): Buffer | null {
  const texts = index.rowTexts;
  texts.showing(departs);
  // A part is a row kept in the ring (its slot) or text: the kept rows are copied out before a new row is put in.
  const parts: (number | string)[] = [];
  const built: [number, string][] = [];
  let length = PAGE_HEAD.length;
  for (let i = 0; i < ids.length; i++) {
    const slot = index.slotOf.get(ids[i])!;
    const kept = texts.lengthOf(slot);
    if (kept >= 0) {
      parts.push(slot);
      length += kept;
      continue;
    }
    const row = listRow(index, slot, departs, tenantId);
    if (!row) return null;
    const text = JSON.stringify(row);
    parts.push(text);
    length += Buffer.byteLength(text);
    built.push([slot, text]);
  }
  const tailText = `],"total":${tail.total},"size":${tail.size},"current":${tail.current}}`;
  length += Math.max(0, ids.length - 1) + tailText.length;
  const out = Buffer.allocUnsafe(length);
  let at = PAGE_HEAD.copy(out, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = COMMA;
    const p = parts[i];
    at += typeof p === 'number' ? texts.copy(p, out, at) : out.write(p, at);
  }
  out.write(tailText, at);
  for (const [slot, text] of built) texts.put(slot, text);
  return out;
}

/** The list row of a slot in `tenantId`; null when one of the user's departments is not in `departs`. */
function listRow(index: TenantIndex, slot: number, departs: Map<string, Depart>, tenantId: string): SysUserRow | null {
  const r = index.restOf(slot);
  let mine: [string, string][] | null = null;
  if (r.departIds) {
    const inTenant: [string, Depart][] = [];
    for (const departId of r.departIds) {
      const d = departs.get(departId);
      if (!d) return null;
      if (d.tenantId === tenantId) inTenant.push([departId, d]);
    }
    // As departsIn orders them: by org code (code points: the index is on only under such a collation).
    inTenant.sort((a, b) => compareCodePoints(a[1].orgCode, b[1].orgCode));
    mine = inTenant.map(([departId, d]) => [departId, d.name]);
  }
  const sex = index.sex[slot];
  const user: ListedUser = {
    id: index.ids[slot],
    username: index.username[slot],
    realname: index.realname[slot],
    avatar: r.avatar,
    sex: Number.isNaN(sex) ? null : sex,
    mobile: r.mobile,
    email: r.email,
    telephone: r.telephone,
    birthday: r.birthday,
    post: r.post,
    workNo: r.workNo,
    status: index.status[slot],
    orgCode: r.orgCode,
    createdAt: new Date(Math.floor(index.created[slot] / 1000)),
    createdBy: r.createdBy,
  };
  return wireRow({ user, departs: mine });
}
