// Server-side rows of live grids (issue 16 §1), the batch-pay draft first: read a page's rows, and
// apply a socket message's row ops in one transaction, each op judged on its own by the version rule
// of contract/api/vxeSocket.ts (a stale write is refused with the current row, never applied). What
// landed is announced on the 'boss_grid' channel inside the same transaction, so every server
// process hears it on commit only, in commit order (server/realtime/vxeSocket.ts delivers it).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  applyOp,
  judgeWrite,
  refusalMessage,
  type CellValue,
  type OpResult,
  type RowChange,
  type RowOp,
  type SyncedRow,
  type VxePage,
} from '../../../contract/api/vxeSocket';
import type { Db } from '../../db/client';
import { gridRows } from '../../db/schema';
import { TOPIC_CHANNELS } from '../../realtime/broker';

/** Whose rows: one tenant, one scope ('org' or 'cus:<code>'), one page. */
export interface GridScope {
  tenantId: string;
  scope: string;
  pageId: string;
}

/** What one commit announces on the grid channel. */
export interface GridNotice {
  tenantId: string;
  scope: string;
  pageId: string;
  /** The table instance the change came from ('' when none). */
  socketKey: string;
  changes: RowChange[];
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTICE_BYTES = 6000;
const RETRYABLE = new Set(['40P01', '40001']);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type RowRecord = typeof gridRows.$inferSelect;

const synced = (r: Pick<RowRecord, 'rowKey' | 'version' | 'sort' | 'cells'>): SyncedRow => ({
  rowKey: r.rowKey,
  version: r.version,
  sort: r.sort,
  values: r.cells as Record<string, CellValue>,
});
/** Only the scope's own fields (callers may pass a larger object, such as a socket client). */
const scopeOf = ({ tenantId, scope, pageId }: GridScope): GridScope => ({ tenantId, scope, pageId });
const inScope = (s: GridScope) => and(eq(gridRows.tenantId, s.tenantId), eq(gridRows.scope, s.scope), eq(gridRows.pageId, s.pageId));

export async function pageRows(db: Db, s: GridScope): Promise<SyncedRow[]> {
  const rows = await db.select().from(gridRows).where(inScope(s)).orderBy(asc(gridRows.sort), asc(gridRows.rowKey));
  return rows.map(synced);
}

/** Splits the changes of one commit into notices that each fit one NOTIFY. */
export function noticePayloads(n: GridNotice, maxBytes = MAX_NOTICE_BYTES): string[] {
  const out: string[] = [];
  let batch: RowChange[] = [];
  const text = (changes: RowChange[]) => JSON.stringify({ ...n, changes });
  for (const c of n.changes) {
    if (batch.length && Buffer.byteLength(text([...batch, c])) > maxBytes) {
      out.push(text(batch));
      batch = [];
    }
    batch.push(c);
  }
  if (batch.length) out.push(text(batch));
  return out;
}

async function applyOne(tx: Tx, s: GridScope, page: VxePage, userId: string, op: RowOp, rowCount: () => Promise<number>): Promise<OpResult> {
  const [found] = await tx
    .select()
    .from(gridRows)
    .where(and(inScope(s), eq(gridRows.rowKey, op.rowKey)))
    .for('update');
  const current = found ? synced(found) : null;
  const refusal = judgeWrite(page, current, op, op.op === 'insert' ? await rowCount() : 0, page.maxRows);
  if (refusal) return { opId: op.opId, rowKey: op.rowKey, ok: false, code: refusal, message: refusalMessage(refusal), current };
  const next = applyOp(current, op);
  if (!next) {
    await tx.delete(gridRows).where(and(inScope(s), eq(gridRows.rowKey, op.rowKey)));
  } else if (!current) {
    await tx.insert(gridRows).values({ ...scopeOf(s), rowKey: next.rowKey, sort: next.sort, version: next.version, cells: next.values, updatedBy: userId });
  } else {
    await tx
      .update(gridRows)
      .set({ sort: next.sort, version: next.version, cells: next.values, updatedBy: userId, updatedAt: new Date() })
      .where(and(inScope(s), eq(gridRows.rowKey, op.rowKey)));
  }
  return { opId: op.opId, rowKey: op.rowKey, ok: true, row: next };
}

/**
 * Applies the ops of one message (each judged alone: one refusal does not stop the others) and
 * announces what landed. Rows are locked in row-key order, so two messages never deadlock.
 */
export async function applyRowOps(db: Db, s: GridScope, page: VxePage, userId: string, socketKey: string, ops: RowOp[]): Promise<OpResult[]> {
  const order = ops.map((_, i) => i).sort((a, b) => (ops[a]!.rowKey < ops[b]!.rowKey ? -1 : ops[a]!.rowKey > ops[b]!.rowKey ? 1 : a - b));
  for (let attempt = 0; ; attempt++) {
    try {
      const results = await db.transaction(async (tx) => {
        let rows: number | null = null;
        const rowCount = async () => {
          if (rows === null) {
            // Inserts of one page queue here, so two of them never both take the last free row.
            await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`grid|${s.tenantId}|${s.scope}|${s.pageId}`}))`);
            const [c] = await tx.select({ n: count() }).from(gridRows).where(inScope(s));
            rows = c?.n ?? 0;
          }
          return rows;
        };
        const out: OpResult[] = new Array<OpResult>(ops.length);
        const changes: RowChange[] = [];
        for (const i of order) {
          const op = ops[i]!;
          const r = (out[i] = await applyOne(tx, s, page, userId, op, rowCount));
          if (!r.ok) continue;
          if (op.op === 'insert' && rows !== null) rows++;
          changes.push(r.row ? { op: 'upsert', row: r.row } : { op: 'delete', rowKey: r.rowKey });
        }
        for (const payload of noticePayloads({ ...scopeOf(s), socketKey, changes })) {
          await tx.execute(sql`SELECT pg_notify(${TOPIC_CHANNELS.grid}, ${payload})`);
        }
        // Answered in the order the client sent them.
        return out;
      });
      return results;
    } catch (err) {
      if (attempt < 3 && RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
      throw err;
    }
  }
}

/** The scope's rows with these keys, by key (absent keys are not in the map). */
export async function rowsByKey(db: Db, s: GridScope, keys: readonly string[]): Promise<Map<string, SyncedRow>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select()
    .from(gridRows)
    .where(and(inScope(s), inArray(gridRows.rowKey, [...new Set(keys)])));
  return new Map(rows.map((r) => [r.rowKey, synced(r)]));
}

/**
 * Removes rows of a draft that were just submitted (whatever their version, and whatever the
 * submitter's delete code: the rows are paid, nobody should pay them twice) and announces it to
 * the page. Keys not in the draft are ignored. Answers how many rows went.
 */
export async function removeSubmittedRows(db: Db, s: GridScope, keys: readonly string[]): Promise<number> {
  if (!keys.length) return 0;
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(gridRows)
      .where(and(inScope(s), inArray(gridRows.rowKey, [...new Set(keys)])))
      .returning({ rowKey: gridRows.rowKey });
    if (gone.length) {
      const changes: RowChange[] = gone.map((g) => ({ op: 'delete', rowKey: g.rowKey }));
      for (const payload of noticePayloads({ ...scopeOf(s), socketKey: '', changes })) {
        await tx.execute(sql`SELECT pg_notify(${TOPIC_CHANNELS.grid}, ${payload})`);
      }
    }
    return gone.length;
  });
}

export function parseGridNotice(payload: string): GridNotice | null {
  try {
    const n = JSON.parse(payload) as Partial<GridNotice>;
    if (typeof n.tenantId !== 'string' || typeof n.scope !== 'string' || typeof n.pageId !== 'string' || !Array.isArray(n.changes)) return null;
    return { tenantId: n.tenantId, scope: n.scope, pageId: n.pageId, socketKey: typeof n.socketKey === 'string' ? n.socketKey : '', changes: n.changes };
  } catch {
    return null;
  }
}
