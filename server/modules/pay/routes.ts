// Payment-order calls (issue 4 §2-§3) in the business envelope of §7: submit, edit, cancel, list,
// detail, audit pass / reject (one password entry for many orders), batch submit / import, and the
// approver's badge count. Rules: service.ts. Account-side calls (adjust, refund, distribution,
// customers, invoices, passwords, decryption): routes-acct.ts.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as P from '../../../contract/api/pay';
import type { ModuleOptions } from '../../context';
import { DEMO_PASSWORD } from '../../db/seed';
import { AppError, capOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { readXlsx, uploadedFiles } from '../admin/xlsx';
import { payServiceFor } from './instance';
import { canApprove } from './notify';
import { isDecrypted, seedDemoPayPasswords, verifyPayPassword } from './passwords';
import { listOrders, orderDetail, pendingCount, type Viewer } from './queries';
import { acctRoutes } from './routes-acct';
import { orderScopeOf } from './rules';
import type { PayCtx } from './service';
import { orderView, type OrderRow } from './store';
import { BATCH_DRAFT_KIND, BATCH_DRAFT_PERMS, VXE_MSG, VXE_PAGES, vxePage } from '../../../contract/api/vxeSocket';
import { removeSubmittedRows } from '../batchDraft/service';
import { formatFen } from '../../../contract/money';
import { PASSKEY_PATHS, approveChallengeBody } from '../../../contract/api/passkey';
import { relyingPartyOf } from '../passkey/relyingParty';
import { approveChallenge, verifyApproval } from '../passkey/service';

const tags = ['pay'];
const SWEEP_MS = Math.max(100, Number(process.env.PAY_SWEEP_MS ?? 1000) || 1000);
const IMPORT_COLUMNS = [
  { key: 'payeeName', header: '收款人名称' },
  { key: 'payeeAcctNo', header: '收款账号' },
  { key: 'bankCardNo', header: '银行卡号' },
  { key: 'amount', header: '金额' },
  { key: 'remark', header: '备注' },
];

export const payRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  const { deps } = opts;
  const pay = payServiceFor(deps.db, (m) => deps.log.warn(m));
  const store = pay.ledger.store;
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });

  if (deps.demo)
    await seedDemoPayPasswords(deps, store, DEMO_PASSWORD, ['admin', 'operator', 'approver']).catch((err: Error) =>
      deps.log.warn(`pay: demo payment passwords: ${err.message}`),
    );
  const sweeper = setInterval(() => {
    pay.executor.sweep().catch((err: Error) => deps.log.warn(`pay: sweep failed: ${err.message}`));
  }, SWEEP_MS);
  sweeper.unref();
  app.addHook('onReady', async () => {
    // Start-up recovery: approved orders not yet executed and batches cut off mid-way continue.
    pay.executor.recover().then(
      (n) => n && deps.log.info(`pay: resumed ${n} unfinished orders`),
      (err: Error) => deps.log.warn(`pay: recovery failed: ${err.message}`),
    );
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await pay.executor.idle();
  });

  const cusScope = new Map<string, string | null>();
  async function ctxOf(req: FastifyRequest): Promise<PayCtx> {
    const auth = authOf(req);
    let cusCode: string | null = null;
    if (auth.groupId) {
      if (!cusScope.has(auth.groupId)) {
        const [g] = await store.query<{ cus_code: string | null; org_type: string }>('SELECT cus_code, org_type FROM groups WHERE id = $1', [auth.groupId]);
        cusScope.set(auth.groupId, g?.org_type === 'cus' ? (g.cus_code ?? '') : null);
      }
      cusCode = cusScope.get(auth.groupId) ?? null;
    }
    const scope = await orderScopeOf(deps.db, auth);
    return { tenantId: auth.tenantId, cusCode, scope, actor: { id: auth.user.id, name: auth.user.realname }, requestId: req.id };
  }
  async function viewerOf(req: FastifyRequest): Promise<Viewer> {
    const auth = authOf(req);
    const ctx = await ctxOf(req);
    return {
      tenantId: auth.tenantId,
      userId: auth.user.id,
      cusCode: ctx.cusCode ?? null,
      scope: ctx.scope ?? null,
      canApprove: await canApprove(deps.db, auth.user.id, auth.tenantId),
      decrypted: await isDecrypted(store, auth.session.familyId),
    };
  }
  const view = async (req: FastifyRequest, o: OrderRow) => orderView(o, await viewerOf(req));
  const pageOf = (p?: { pageNum: number; pageSize: number }) => ({ pageNum: p?.pageNum ?? 1, pageSize: p?.pageSize ?? 10 });

  app.post(
    P.PAY_PATHS.orderSubmit,
    {
      schema: { body: P.orderSubmitBody, tags, summary: '单笔付款提交（或保存草稿）：提交即预留资金，待他人审批' },
      config: { permission: P.PAY_PERMS.submit },
    },
    async (req) => {
      const { draft, idempotencyKey, context: _c, ...payload } = req.body;
      const o = await pay.create(await ctxOf(req), 'single', payload, { draft, idempotencyKey });
      return capOk({ order: await view(req, o) }, draft ? '保存成功' : '提交成功，等待审批');
    },
  );

  app.post(
    P.PAY_PATHS.batchSubmit,
    {
      schema: { body: P.batchSubmitBody, tags, summary: '批量付款提交：逐行校验（任一行错误整批拒绝，信息含行号），总额一次预留' },
      config: { permission: P.PAY_PERMS.submit },
    },
    async (req) => {
      const { draft, idempotencyKey, context: _c, draftRows, ...payload } = req.body;
      // Only a batch-pay draft of this user's scope (checked before anything is created).
      if (draftRows && vxePage(draftRows.pageId) !== VXE_PAGES[BATCH_DRAFT_KIND]) throw new AppError(400, VXE_MSG.pageUnknown);
      const ctx = await ctxOf(req);
      const o = await pay.create(ctx, 'batch', payload, { draft, idempotencyKey });
      // The paid rows leave the shared draft for everyone (a retry of the same key removes nothing more).
      if (draftRows && !draft) {
        const scope = { tenantId: ctx.tenantId, scope: ctx.cusCode === null ? 'org' : `cus:${ctx.cusCode}`, pageId: draftRows.pageId };
        await removeSubmittedRows(deps.db, scope, draftRows.rowKeys).catch((err: Error) => deps.log.warn({ err: err.message }, 'pay: draft rows not removed'));
      }
      return capOk({ order: await view(req, o) }, draft ? '保存成功' : '提交成功，等待审批');
    },
  );

  app.post(
    P.PAY_PATHS.batchImport,
    {
      schema: {
        tags,
        summary: '批量付款导入（multipart，.xlsx；表头 收款人名称/收款账号/银行卡号/金额/备注）：校验后返回明细行，不落库',
        consumes: ['multipart/form-data'],
      },
      config: { permission: BATCH_DRAFT_PERMS.import },
    },
    async (req) => {
      const files = await uploadedFiles(req);
      const file = files[0];
      if (!file || !/\.xlsx$/i.test(file.filename)) throw new AppError(400, P.PAY_MSG.importFile);
      const rows = await readXlsx(file.data, IMPORT_COLUMNS, P.MAX_BATCH_ROWS);
      if (!rows.length) throw new AppError(400, P.PAY_MSG.importEmpty);
      const checked = P.validateBatchRows(rows.map((r) => r.values));
      if (!checked.ok) throw new AppError(400, checked.rowNo ? P.PAY_MSG.row(rows[checked.rowNo - 1].rowNo, checked.reason) : checked.message);
      const result: P.BatchImportResult = { rows: checked.rows, count: checked.rows.length, total: formatFen(checked.totalFen) };
      return capOk({ ...result }, `${file.filename} 文件上传成功`);
    },
  );

  app.post(
    P.PAY_PATHS.orderEdit,
    {
      schema: { body: P.orderEditBody, tags, summary: '修改订单（仅提交人，草稿或待审批；版本号+1，重新预留资金）' },
      config: { permission: P.PAY_PERMS.submit },
    },
    async (req) => {
      const o = await pay.edit(await ctxOf(req), req.body);
      return capOk({ order: await view(req, o) }, '修改成功');
    },
  );

  app.post(
    P.PAY_PATHS.orderCancel,
    { schema: { body: P.orderCancelBody, tags, summary: '撤销订单（仅提交人，草稿或待审批；释放预留资金）' }, config: { permission: P.PAY_PERMS.submit } },
    async (req) => {
      const o = await pay.cancel(await ctxOf(req), req.body.orderId, req.body.reason);
      return capOk({ order: await view(req, o) }, '撤销成功');
    },
  );

  app.post(
    P.PAY_PATHS.orderInquiry,
    {
      schema: { body: P.orderInquiryBody, tags, summary: '付款订单查询（分页；状态、类型、我提交的、待我审批）' },
      config: { permission: P.PAY_PERMS.inquiry },
    },
    async (req) => {
      const b = req.body;
      const page = pageOf(b.page);
      const { listData, count } = await listOrders(store, await viewerOf(req), { ...b, ...page });
      return capOk({ listData, page: { count, pageSize: page.pageSize, offset: (page.pageNum - 1) * page.pageSize } });
    },
  );

  app.post(
    P.PAY_PATHS.orderDetail,
    { schema: { body: P.orderDetailBody, tags, summary: '付款订单详情（审批轨迹、批量明细分页、分账明细）' }, config: { permission: P.PAY_PERMS.inquiry } },
    async (req) => {
      const page = pageOf(req.body.rowsPage);
      return capOk({ ...(await orderDetail(store, await viewerOf(req), req.body.orderId, page.pageNum, page.pageSize)) });
    },
  );

  app.get(
    P.PAY_PATHS.pendingCount,
    { schema: { querystring: z.object({}).passthrough(), tags, summary: '待我审批的订单数（角标）' }, config: { permission: 'authenticated' } },
    async (req) => capOk({ count: await pendingCount(store, await viewerOf(req)) }),
  );

  app.post(
    PASSKEY_PATHS.approveChallenge,
    {
      schema: { body: approveChallengeBody, tags, summary: '通行密钥审批的挑战：绑定订单（编号、版本、金额、收款人）与审批人，单次有效，2分钟内' },
      config: { permission: P.PAY_PERMS.approve },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      const who = { tenantId: ctx.tenantId, userId: ctx.actor.id, name: ctx.actor.name, scope: ctx.scope ?? null };
      return capOk({ ...(await approveChallenge(store, who, req.body.orderIds, req.body.versions, relyingPartyOf(req, deps.publicOrigin))) });
    },
  );

  const auditPass = async (req: FastifyRequest<{ Body: z.output<typeof P.auditPassBody> }>) => {
    const ctx = await ctxOf(req);
    const { orderIds, versions, passkey, payPwd } = req.body;
    // One factor for the whole request: the passkey's assertion over exactly these orders, or the payment password.
    let passkeyId: string | null = null;
    if (passkey) passkeyId = await verifyApproval(store, { tenantId: ctx.tenantId, userId: ctx.actor.id }, { orderIds, versions, ...passkey });
    else await verifyPayPassword(deps, store, ctx.actor.id, payPwd!);
    const results: P.AuditOutcome[] = [];
    for (const [i, id] of orderIds.entries()) results.push(await pay.decide(ctx, id, { approve: true, version: versions[i], passkeyId }));
    return answer(results, '审批通过');
  };
  const auditReject = async (req: FastifyRequest<{ Body: z.output<typeof P.auditRejectBody> }>) => {
    const ctx = await ctxOf(req);
    const results: P.AuditOutcome[] = [];
    for (const id of req.body.orderIds) results.push(await pay.decide(ctx, id, { approve: false, reason: req.body.reason }));
    return answer(results, '驳回成功');
  };
  const passDoc = { body: P.auditPassBody, tags, summary: '审批通过（支付密码；versions[i] 为审批人看到的版本；不能审批自己提交的订单；逐单结果）' };
  const rejectDoc = { body: P.auditRejectBody, tags, summary: '审批驳回（必须填写驳回原因；释放预留资金；逐单结果）' };
  app.post(P.PAY_PATHS.auditPass, { schema: passDoc, config: { permission: P.PAY_PERMS.approve } }, auditPass);
  app.post(
    P.PAY_PATHS.batchAuditPass,
    { schema: { ...passDoc, summary: `${passDoc.summary}（与 PayOrderAuditPass 相同）` }, config: { permission: P.PAY_PERMS.approve } },
    auditPass,
  );
  app.post(P.PAY_PATHS.auditReject, { schema: rejectDoc, config: { permission: P.PAY_PERMS.approve } }, auditReject);
  app.post(
    P.PAY_PATHS.batchAuditReject,
    { schema: { ...rejectDoc, summary: `${rejectDoc.summary}（与 PayOrderAuditReject 相同）` }, config: { permission: P.PAY_PERMS.approve } },
    auditReject,
  );

  await app.register(acctRoutes, { ...opts, pay, ctxOf, view });
};

/** One order: its own status on failure. Many: 200 with each order's outcome. */
function answer(results: P.AuditOutcome[], okText: string) {
  if (results.length === 1 && !results[0].ok) throw new AppError(results[0].code, results[0].message);
  const passed = results.filter((r) => r.ok).length;
  const body: P.AuditResult = { results, passed, failed: results.length - passed };
  return capOk({ ...body }, results.length === 1 ? okText : `成功${passed}笔，失败${body.failed}笔`);
}
