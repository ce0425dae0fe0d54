// The customer master and its four-eyes review (issue 17 §1): create (a fresh cusCode), update
// (versioned; an approved customer goes back to draft), submit (maker), approve or return with a
// reason per material (checker, never the maker), list and read. Every change writes its history.
import { CUS_INDUSTRY_PCODE, CUS_MSG, MATERIAL_TEXT, REQUIRED_MATERIALS, type MasterFields, type MaterialType } from '../../../contract/api/cus';
import { AppError } from '../../http/envelope';
import type { SqlConn } from '../ledger/store';
import { isAreaPath } from './area';
import { addHistory, customerOf, masterView, CUSTOMER_COLS, type CusCtx, type CustomerRow } from './store';

const FIELD_COLUMNS: [keyof MasterFields, string][] = [
  ['cusName', 'cus_name'],
  ['cusKind', 'cus_kind'],
  ['cusType', 'cus_type'],
  ['creditCode', 'credit_code'],
  ['legalName', 'legal_name'],
  ['legalIdNo', 'legal_id_no'],
  ['legalMobile', 'legal_mobile'],
  ['contactName', 'contact_name'],
  ['mobile', 'mobile'],
  ['provinceCode', 'province_code'],
  ['cityCode', 'city_code'],
  ['districtCode', 'district_code'],
  ['address', 'address'],
  ['industryId', 'industry_id'],
  ['settleCardNo', 'settle_card_no'],
  ['settleBankName', 'settle_bank_name'],
  ['settleBranchName', 'settle_branch_name'],
];
/** Shown masked in the history. */
const SENSITIVE = new Set<keyof MasterFields>(['legalIdNo', 'settleCardNo', 'legalMobile', 'mobile']);
const mask = (v: string | null) => (v ? `${v.slice(0, 3)}****${v.slice(-4)}` : v);

async function checkFields(c: SqlConn, tenantId: string, v: MasterFields, cusCode: string | null): Promise<void> {
  if (!isAreaPath(v.provinceCode, v.cityCode, v.districtCode)) throw new AppError(400, CUS_MSG.area);
  if (v.industryId) {
    // A category of the tenant's 行业分类 tree (below the category coded CUS_INDUSTRY_PCODE), not any category.
    const [hit] = await c.query(
      `WITH RECURSIVE up AS (
         SELECT id, pid, code, 0 AS depth FROM categories WHERE tenant_id = $1 AND id = $2
         UNION ALL SELECT k.id, k.pid, k.code, up.depth + 1 FROM categories k JOIN up ON k.id = up.pid WHERE k.tenant_id = $1 AND up.depth < 32)
       SELECT 1 FROM up WHERE code = $3 AND depth > 0 LIMIT 1`,
      [tenantId, v.industryId, CUS_INDUSTRY_PCODE],
    );
    if (!hit) throw new AppError(400, CUS_MSG.industry);
  }
  if (v.creditCode) {
    const [dup] = await c.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND credit_code = $2 AND cus_code IS DISTINCT FROM $3', [
      tenantId,
      v.creditCode,
      cusCode,
    ]);
    if (dup) throw new AppError(409, CUS_MSG.creditTaken);
  }
}

const valuesOf = (v: MasterFields) => FIELD_COLUMNS.map(([k]) => (k === 'creditCode' && v.cusKind === 'person' ? null : (v[k] ?? null)));

export async function createMaster(c: SqlConn, ctx: CusCtx, v: MasterFields): Promise<CustomerRow> {
  if (ctx.cusCode !== null) throw new AppError(403, '拒绝访问');
  await checkFields(c, ctx.tenantId, v, null);
  const cols = FIELD_COLUMNS.map(([, col]) => col);
  let cusCode = '';
  for (let attempt = 0; attempt < 5 && !cusCode; attempt++) {
    const [{ n }] = await c.query<{ n: string }>(`SELECT nextval('cus_code_seq')::text AS n`);
    const code = `C${n}`;
    const rows = await c.query<{ cus_code: string }>(
      `INSERT INTO customers (tenant_id, cus_code, ${cols.join(', ')}, review_status, version, created_by, maker_id, maker_name)
         VALUES ($1, $2, ${cols.map((_, i) => `$${i + 3}`).join(', ')}, 'draft', 1, $${cols.length + 3}, $${cols.length + 3}, $${cols.length + 4})
         ON CONFLICT (tenant_id, cus_code) DO NOTHING RETURNING cus_code`,
      [ctx.tenantId, code, ...valuesOf(v), ctx.actor.id, ctx.actor.name],
    );
    if (rows.length) cusCode = code;
  }
  if (!cusCode) throw new Error('cus: could not draw a free customer code');
  await addHistory(c, ctx.tenantId, ctx.actor, { cusCode, action: 'create', to: 'draft', version: 1 });
  return customerOf(c, ctx, cusCode);
}

/**
 * A change to the customer's data or materials: refused while it waits for review, refused when the
 * caller saw another version; bumps the version, and an approved customer goes back to draft.
 */
export async function changeCustomer(c: SqlConn, ctx: CusCtx, cusCode: string, seenVersion: number | null): Promise<CustomerRow> {
  const cus = await customerOf(c, ctx, cusCode, true);
  if (cus.review_status === 'submitted') throw new AppError(409, CUS_MSG.underReview);
  if (seenVersion !== null && seenVersion !== cus.version) throw new AppError(409, CUS_MSG.versionStale);
  const [next] = await c.query<CustomerRow>(
    `UPDATE customers SET version = version + 1, updated_at = now(),
            review_status = CASE WHEN review_status = 'approved' THEN 'draft' ELSE review_status END
      WHERE id = $1::bigint RETURNING ${CUSTOMER_COLS}`,
    [cus.id],
  );
  return next;
}

export async function updateMaster(c: SqlConn, ctx: CusCtx, cusCode: string, version: number, v: MasterFields): Promise<CustomerRow> {
  const before = await changeCustomer(c, ctx, cusCode, version);
  await checkFields(c, ctx.tenantId, v, cusCode);
  const values = valuesOf(v);
  const changed: Record<string, [unknown, unknown]> = {};
  FIELD_COLUMNS.forEach(([k, col], i) => {
    const old = (before as unknown as Record<string, string | null>)[col];
    if ((old ?? null) !== values[i]) changed[k] = SENSITIVE.has(k) ? [mask(old), mask(values[i] as string | null)] : [old, values[i]];
  });
  await c.query(`UPDATE customers SET ${FIELD_COLUMNS.map(([, col], i) => `${col} = $${i + 2}`).join(', ')} WHERE id = $1::bigint`, [before.id, ...values]);
  await addHistory(c, ctx.tenantId, ctx.actor, { cusCode, action: 'update', version: before.version, detail: { changed } });
  return customerOf(c, ctx, cusCode);
}

/** Material kinds the customer still lacks for `need`. */
export async function missingMaterials(c: SqlConn, tenantId: string, cusCode: string, need: readonly MaterialType[]): Promise<string[]> {
  const rows = await c.query<{ material_type: MaterialType }>('SELECT DISTINCT material_type FROM cus_materials WHERE tenant_id = $1 AND cus_code = $2', [
    tenantId,
    cusCode,
  ]);
  const have = new Set(rows.map((r) => r.material_type));
  return need.filter((t) => !have.has(t)).map((t) => MATERIAL_TEXT[t]);
}

export async function submitMaster(c: SqlConn, ctx: CusCtx, cusCode: string, version: number): Promise<CustomerRow> {
  const cus = await customerOf(c, ctx, cusCode, true);
  if (cus.review_status !== 'draft' && cus.review_status !== 'returned') throw new AppError(409, CUS_MSG.notDraft);
  if (cus.version !== version) throw new AppError(409, CUS_MSG.versionStale);
  const missing = await missingMaterials(c, ctx.tenantId, cusCode, REQUIRED_MATERIALS[cus.cus_kind]);
  if (missing.length) throw new AppError(400, CUS_MSG.materialsMissing(missing));
  await c.query(
    `UPDATE customers SET review_status = 'submitted', maker_id = $2, maker_name = $3, checker_id = NULL, checker_name = NULL,
            submitted_at = now(), updated_at = now() WHERE id = $1::bigint`,
    [cus.id, ctx.actor.id, ctx.actor.name],
  );
  await addHistory(c, ctx.tenantId, ctx.actor, { cusCode, action: 'submit', from: cus.review_status, to: 'submitted', version });
  return customerOf(c, ctx, cusCode);
}

async function decidable(c: SqlConn, ctx: CusCtx, cusCode: string, version: number): Promise<CustomerRow> {
  const cus = await customerOf(c, ctx, cusCode, true);
  if (cus.review_status !== 'submitted') throw new AppError(409, CUS_MSG.notSubmitted);
  if (cus.version !== version) throw new AppError(409, CUS_MSG.versionStale);
  if (cus.maker_id === ctx.actor.id) throw new AppError(403, CUS_MSG.selfApprove);
  return cus;
}

export async function approveMaster(c: SqlConn, ctx: CusCtx, cusCode: string, version: number): Promise<CustomerRow> {
  const cus = await decidable(c, ctx, cusCode, version);
  await c.query(
    `UPDATE customers SET review_status = 'approved', review_reason = NULL, checker_id = $2, checker_name = $3, reviewed_at = now(), updated_at = now()
      WHERE id = $1::bigint`,
    [cus.id, ctx.actor.id, ctx.actor.name],
  );
  await c.query(`UPDATE cus_materials SET status = 'approved', return_reason = NULL, updated_at = now() WHERE tenant_id = $1 AND cus_code = $2`, [
    ctx.tenantId,
    cusCode,
  ]);
  await addHistory(c, ctx.tenantId, ctx.actor, { cusCode, action: 'approve', from: 'submitted', to: 'approved', version });
  return customerOf(c, ctx, cusCode);
}

export async function returnMaster(
  c: SqlConn,
  ctx: CusCtx,
  cusCode: string,
  version: number,
  reason: string,
  materialReasons: { materialId: string; reason: string }[],
): Promise<CustomerRow> {
  if (!reason && !materialReasons.length) throw new AppError(400, CUS_MSG.rejectReason);
  const cus = await decidable(c, ctx, cusCode, version);
  for (const m of materialReasons) {
    const rows = await c.query(
      `UPDATE cus_materials SET status = 'returned', return_reason = $4, updated_at = now() WHERE id = $1 AND tenant_id = $2 AND cus_code = $3 RETURNING id`,
      [m.materialId, ctx.tenantId, cusCode, m.reason],
    );
    if (!rows.length) throw new AppError(404, CUS_MSG.materialNotFound);
  }
  await c.query(
    `UPDATE customers SET review_status = 'returned', review_reason = $4, checker_id = $2, checker_name = $3, reviewed_at = now(), updated_at = now()
      WHERE id = $1::bigint`,
    [cus.id, ctx.actor.id, ctx.actor.name, reason || null],
  );
  await addHistory(c, ctx.tenantId, ctx.actor, { cusCode, action: 'return', from: 'submitted', to: 'returned', version, reason, detail: { materialReasons } });
  return customerOf(c, ctx, cusCode);
}

export async function listMasters(
  c: SqlConn,
  ctx: CusCtx,
  q: { reviewStatus?: string; cusKind?: string; cusType?: string; keyword?: string; pendingForMe?: boolean; pageNum: number; pageSize: number },
) {
  const params: unknown[] = [ctx.tenantId, ctx.cusCode, q.reviewStatus ?? null, q.cusKind ?? null, q.cusType ?? null, q.keyword ? `%${q.keyword}%` : null];
  let where = `tenant_id = $1 AND ($2::text IS NULL OR cus_code = $2) AND ($3::text IS NULL OR review_status = $3) AND ($4::text IS NULL OR cus_kind = $4)
    AND ($5::text IS NULL OR cus_type = $5) AND ($6::text IS NULL OR cus_name LIKE $6 OR cus_code LIKE $6)`;
  if (q.pendingForMe) {
    params.push(ctx.actor.id);
    where += ` AND review_status = 'submitted' AND maker_id IS DISTINCT FROM $${params.length}`;
  }
  const [{ n }] = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM customers WHERE ${where}`, params);
  const rows = await c.query<CustomerRow>(
    `SELECT ${CUSTOMER_COLS} FROM customers WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  return { listData: rows.map(masterView), count: Number(n) };
}
