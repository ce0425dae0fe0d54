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

/** The list rows of `ids` (users of the index) in order; null when a department of one is not in `departs` (not read yet). */
export function listRows(index: TenantIndex, ids: string[], departs: Map<string, Depart>, tenantId: string): SysUserRow[] | null {
  const out: SysUserRow[] = [];
  for (const id of ids) {
    const row = listRow(index, index.slotOf.get(id)!, departs, tenantId);
    if (!row) return null;
    out.push(row);
  }
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
