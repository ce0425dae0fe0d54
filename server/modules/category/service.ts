// The category tree of a tenant (分类字典): reads for the category picker (roots, children, one
// node, a subtree, names of ids) and the writes that keep it a tree (a parent of the same tenant,
// never the node itself or below it; no delete while children remain).
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { CATEGORY_MSG, CATEGORY_ROOT_PCODE, parseTreeCondition, type CategoryNode } from '../../../contract/api/category';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import { AppError } from '../../http/envelope';

type Row = typeof categories.$inferSelect;

/** A tenant has hundreds of categories, not more: whole-tree reads stop here. */
export const CATEGORY_TREE_MAX = 5000;

/** Columns a loadTreeData condition may name (wire name → column). */
const CONDITION_COLUMNS = { name: categories.name, code: categories.code } as const;

const mine = (tenantId: string, ...more: (SQL | undefined)[]) => and(eq(categories.tenantId, tenantId), ...more);

export function toNode(r: Row, leaf: boolean): CategoryNode {
  return { key: r.id, value: r.id, id: r.id, pid: r.pid, code: r.code, name: r.name, title: r.name, label: r.name, leaf, isLeaf: leaf };
}

export async function categoryById(db: Db, tenantId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(categories)
    .where(mine(tenantId, eq(categories.id, id)))
    .limit(1);
  if (!row) throw new AppError(404, CATEGORY_MSG.notFound);
  return row;
}

async function byCode(db: Db, tenantId: string, code: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(mine(tenantId, eq(categories.code, code)))
    .limit(1);
  return row;
}

export async function categoryByCode(db: Db, tenantId: string, code: string): Promise<Row> {
  const row = await byCode(db, tenantId, code);
  if (!row) throw new AppError(404, CATEGORY_MSG.notFound);
  return row;
}

/** The children of `pid` (null: the roots), one level, each with its leaf flag. */
export async function childrenOf(db: Db, tenantId: string, pid: string | null, extra: SQL[] = []): Promise<CategoryNode[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(mine(tenantId, pid ? eq(categories.pid, pid) : isNull(categories.pid), ...extra))
    .orderBy(asc(categories.code))
    .limit(CATEGORY_TREE_MAX);
  if (!rows.length) return [];
  const parents = await db
    .selectDistinct({ pid: categories.pid })
    .from(categories)
    .where(
      mine(
        tenantId,
        inArray(
          categories.pid,
          rows.map((r) => r.id),
        ),
      ),
    );
  const withKids = new Set(parents.map((p) => p.pid));
  return rows.map((r) => toNode(r, !withKids.has(r.id)));
}

/** The whole subtree under `pid` (null: every root), nested. */
export async function subtreeOf(db: Db, tenantId: string, pid: string | null): Promise<CategoryNode[]> {
  const rows = await db.select().from(categories).where(mine(tenantId)).orderBy(asc(categories.code)).limit(CATEGORY_TREE_MAX);
  const kids = new Map<string | null, Row[]>();
  for (const r of rows) kids.set(r.pid, [...(kids.get(r.pid) ?? []), r]);
  const build = (parent: string | null, seen: Set<string>): CategoryNode[] =>
    (kids.get(parent) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => {
        const below = build(r.id, new Set([...seen, r.id]));
        return below.length ? { ...toNode(r, false), children: below } : toNode(r, true);
      });
  return build(pid, new Set());
}

/** The parent a pcode names: null for the roots ('0' or empty), else the node with that code. */
async function parentOfPcode(db: Db, tenantId: string, pcode: string | undefined): Promise<string | null> {
  if (!pcode || pcode === CATEGORY_ROOT_PCODE) return null;
  const row = await byCode(db, tenantId, pcode);
  if (!row) throw new AppError(400, CATEGORY_MSG.rootMissing(pcode));
  return row.id;
}

export async function loadTreeRoot(db: Db, tenantId: string, q: { async: 'true' | 'false'; pcode: string }): Promise<CategoryNode[]> {
  const parent = await parentOfPcode(db, tenantId, q.pcode);
  return q.async === 'true' ? childrenOf(db, tenantId, parent) : subtreeOf(db, tenantId, parent);
}

export async function loadTreeData(db: Db, tenantId: string, q: { pid?: string; pcode?: string; condition?: string }): Promise<CategoryNode[]> {
  const cond = parseTreeCondition(q.condition);
  if (!cond.ok) throw new AppError(400, cond.message);
  const extra: SQL[] = [];
  for (const [field, value] of Object.entries(cond.value)) {
    if (!Object.prototype.hasOwnProperty.call(CONDITION_COLUMNS, field)) throw new AppError(400, CATEGORY_MSG.conditionColumn(field));
    extra.push(eq(CONDITION_COLUMNS[field as keyof typeof CONDITION_COLUMNS], value));
  }
  const parent = q.pid ? (await categoryById(db, tenantId, q.pid)).id : await parentOfPcode(db, tenantId, q.pcode);
  return childrenOf(db, tenantId, parent, extra);
}

/** The names of the ids, in their order ('' for an id the tenant does not have). */
export async function namesOf(db: Db, tenantId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)].slice(0, 200);
  if (!wanted.length) return [];
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(mine(tenantId, inArray(categories.id, wanted)));
  const name = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => name.get(id) ?? '');
}

/** Refuses a parent outside the tenant, and (editing `id`) the node itself or one below it. */
export async function checkParent(db: Db, tenantId: string, pid: string | null | undefined, id?: string): Promise<string | null> {
  if (!pid) return null;
  const rows = await db.select({ id: categories.id, pid: categories.pid }).from(categories).where(mine(tenantId)).limit(CATEGORY_TREE_MAX);
  const parentOf = new Map(rows.map((r) => [r.id, r.pid]));
  if (!parentOf.has(pid)) throw new AppError(400, CATEGORY_MSG.parentMissing);
  if (id) {
    for (let at: string | null | undefined = pid, hops = 0; at && hops <= rows.length; at = parentOf.get(at), hops++) {
      if (at === id) throw new AppError(400, CATEGORY_MSG.parentLoop);
    }
  }
  return pid;
}

export async function hasChildren(db: Db, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(mine(tenantId, eq(categories.pid, id)))
    .limit(1);
  return !!row;
}
