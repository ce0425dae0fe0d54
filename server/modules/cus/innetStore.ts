// Innet application rows and views, and the one rule of every transition: it happens only from the
// states listed for it, else a 409 naming the current state.
import { CUS_MSG, INNET_STATUS_TEXT, VERIFY_MAX_TRIES, providerByCode, type InnetStatus, type InnetView } from '../../../contract/api/cus';
import { AppError } from '../../http/envelope';
import type { SqlConn } from '../ledger/store';
import { addHistory, iso, type Actor, type CusCtx } from './store';

export interface InnetRow {
  id: string;
  tenant_id: string;
  cus_code: string;
  cus_name: string;
  provider: string;
  product: string;
  status: InnetStatus;
  version: number;
  submit_no: number;
  fields: Record<string, string>;
  reject_reasons: { field: string; reason: string }[];
  provider_ref: string | null;
  verify_amount: string | null;
  verify_tries: number;
  sms_confirmed_at: Date | null;
  provider_account_no: string | null;
  open_requested_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
export const INNET_COLS = `i.id, i.tenant_id, i.cus_code, cu.cus_name, i.provider, i.product, i.status, i.version, i.submit_no, i.fields, i.reject_reasons,
  i.provider_ref, i.verify_amount::text, i.verify_tries, i.sms_confirmed_at, i.provider_account_no, i.open_requested_at, i.created_at, i.updated_at`;
export const INNET_FROM = `cus_innets i JOIN customers cu ON cu.tenant_id = i.tenant_id AND cu.cus_code = i.cus_code`;

export function innetView(r: InnetRow): InnetView {
  const provider = providerByCode(r.provider);
  const label = (key: string) => provider?.fields.find((f) => f.key === key)?.label ?? key;
  return {
    innetId: r.id,
    cusCode: r.cus_code,
    cusName: r.cus_name,
    provider: r.provider,
    providerName: provider?.name ?? r.provider,
    product: r.product,
    status: r.status,
    statusText: INNET_STATUS_TEXT[r.status],
    version: r.version,
    fields: r.fields,
    rejectReasons: r.reject_reasons.map((x) => ({ ...x, label: label(x.field) })),
    verifyTriesLeft: VERIFY_MAX_TRIES - r.verify_tries,
    smsConfirmed: !!r.sms_confirmed_at,
    providerAccountNo: r.provider_account_no,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The application within the caller's reach (404 otherwise), locked for a change when `lock`. */
export async function innetOf(c: SqlConn, ctx: Pick<CusCtx, 'tenantId' | 'cusCode'>, innetId: string, lock = false): Promise<InnetRow> {
  const [r] = await c.query<InnetRow>(`SELECT ${INNET_COLS} FROM ${INNET_FROM} WHERE i.id = $1 AND i.tenant_id = $2${lock ? ' FOR UPDATE OF i' : ''}`, [
    innetId,
    ctx.tenantId,
  ]);
  if (!r || (ctx.cusCode !== null && ctx.cusCode !== r.cus_code)) throw new AppError(404, CUS_MSG.innetNotFound);
  return r;
}

/** Refuses `action` unless the application is in one of `from`. */
export function expectStatus(r: InnetRow, from: readonly InnetStatus[], action: string): void {
  if (!from.includes(r.status)) throw new AppError(409, CUS_MSG.innetState(INNET_STATUS_TEXT[r.status], action));
}

export async function setStatus(c: SqlConn, r: InnetRow, to: InnetStatus, extra: Record<string, unknown> = {}): Promise<void> {
  const keys = Object.keys(extra);
  await c.query(
    `UPDATE cus_innets SET status = $2, version = version + 1, updated_at = now()${keys.map((k, i) => `, ${k} = $${i + 3}`).join('')} WHERE id = $1`,
    [r.id, to, ...keys.map((k) => extra[k])],
  );
}

/** One step of an application: its new status (and columns) and the history line of who moved it, from where. */
export async function moveInnet(
  c: SqlConn,
  tenantId: string,
  actor: Actor,
  r: InnetRow,
  to: InnetStatus,
  action: string,
  opts: { set?: Record<string, unknown>; reason?: string; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await setStatus(c, r, to, opts.set);
  await addHistory(c, tenantId, actor, {
    cusCode: r.cus_code,
    innetId: r.id,
    action,
    from: r.status,
    to,
    version: r.version,
    reason: opts.reason,
    detail: opts.detail,
  });
}

export async function listInnets(
  c: SqlConn,
  ctx: CusCtx,
  q: { cusCode?: string; provider?: string; status?: string; innetId?: string; pageNum: number; pageSize: number },
): Promise<{ listData: InnetView[]; count: number }> {
  const params = [ctx.tenantId, ctx.cusCode ?? q.cusCode ?? null, q.provider ?? null, q.status ?? null, q.innetId ?? null];
  if (ctx.cusCode && q.cusCode && q.cusCode !== ctx.cusCode) return { listData: [], count: 0 };
  const where = `i.tenant_id = $1 AND ($2::text IS NULL OR i.cus_code = $2) AND ($3::text IS NULL OR i.provider = $3) AND ($4::text IS NULL OR i.status = $4)
    AND ($5::text IS NULL OR i.id = $5)`;
  const [{ n }] = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${INNET_FROM} WHERE ${where}`, params);
  const rows = await c.query<InnetRow>(`SELECT ${INNET_COLS} FROM ${INNET_FROM} WHERE ${where} ORDER BY i.updated_at DESC, i.id LIMIT $6 OFFSET $7`, [
    ...params,
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  ]);
  return { listData: rows.map(innetView), count: Number(n) };
}
