// Settlement and reconciliation calls (issue 18 §3) in the /sys envelope: settlement rules, batches
// and items (run on demand, retry, handle), reconciliation days and differences (run a day, mark
// the provider wrong, propose / approve / reject an adjust, close the day). Platform users only: a
// customer-group user is refused (403). Rules: settlement.ts, reconcile.ts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as S from '../../../contract/api/settle';
import { parseYuan } from '../../../contract/money';
import type { ModuleOptions } from '../../context';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { ledgerServiceFor } from '../ledger/instance';
import { listBatches, listItems, listReconDays, listReconItems, listRules, pageQuery } from './queries';
import { ReconciliationService } from './reconcile';
import { SettlementService, type SettleCtx } from './settlement';
import { cusCodeResolver } from './viewer';

const tags = ['settle'];

export const settleRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const ledger = ledgerServiceFor(deps.db);
  const settlement = new SettlementService(ledger);
  const recon = new ReconciliationService(ledger);
  const store = ledger.store;
  const cusCodeOf = cusCodeResolver(store);

  async function ctxOf(req: FastifyRequest): Promise<SettleCtx> {
    const auth = authOf(req);
    if ((await cusCodeOf(req)) !== null) throw new AppError(403, '客户用户不能使用结算对账功能');
    return { tenantId: auth.tenantId, actor: auth.user.id, requestId: req.id };
  }

  app.get(
    S.SETTLE_P.ruleList,
    { schema: { querystring: pageQuery, tags, summary: '结算规则列表（每个客户一行）' }, config: { permission: S.SETTLE_PERMS.batchList } },
    async (req) => sysOk(await listRules(store, (await ctxOf(req)).tenantId, req.query)),
  );

  app.post(
    S.SETTLE_P.ruleSave,
    { schema: { body: S.ruleSaveBody, tags, summary: '保存客户结算规则（周期、留存金额）' }, config: { permission: S.SETTLE_PERMS.ruleEdit } },
    async (req) => {
      const ctx = await ctxOf(req);
      const keepBack = req.body.keepBack.trim().replace(/^0(\.00)?$/, '') === '' ? 0n : parseYuan(req.body.keepBack)!;
      const [cus] = await store.query('SELECT 1 FROM customers WHERE tenant_id = $1 AND cus_code = $2', [ctx.tenantId, req.body.cusCode]);
      if (!cus) throw new AppError(404, S.SETTLE_MSG.ruleNotFound);
      await store.query(
        `INSERT INTO settle_rules (tenant_id, cus_code, cycle, keep_back, updated_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (tenant_id, cus_code) DO UPDATE SET cycle = EXCLUDED.cycle, keep_back = EXCLUDED.keep_back, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [ctx.tenantId, req.body.cusCode, req.body.cycle, keepBack.toString(), ctx.actor],
      );
      return sysOk(null, '保存成功');
    },
  );

  app.get(
    S.SETTLE_P.batchList,
    { schema: { querystring: pageQuery, tags, summary: '结算批次列表' }, config: { permission: S.SETTLE_PERMS.batchList } },
    async (req) => {
      const ctx = await ctxOf(req);
      await settlement.refresh(ctx.tenantId);
      return sysOk(await listBatches(store, ctx.tenantId, req.query));
    },
  );

  app.get(
    S.SETTLE_P.itemList,
    { schema: { querystring: pageQuery, tags, summary: '结算明细列表（按批次、状态、客户）' }, config: { permission: S.SETTLE_PERMS.batchList } },
    async (req) => {
      const ctx = await ctxOf(req);
      await settlement.refresh(ctx.tenantId);
      return sysOk(await listItems(store, ctx.tenantId, req.query));
    },
  );

  app.post(
    S.SETTLE_P.run,
    { schema: { body: S.runBody, tags, summary: '发起结算（指定客户即时结算；不指定则按T+1规则结算全部客户）' }, config: { permission: S.SETTLE_PERMS.run } },
    async (req) => {
      const ctx = await ctxOf(req);
      const r = await settlement.run(ctx, { trigger: 'manual', cusCodes: req.body.cusCodes, idempotencyKey: req.body.idempotencyKey });
      return sysOk(r, `已发起结算${r.items}笔`);
    },
  );

  app.post(
    S.SETTLE_P.itemRetry,
    { schema: { body: S.itemRetryBody, tags, summary: '重试失败的结算明细（按当前可结算余额出款）' }, config: { permission: S.SETTLE_PERMS.itemHandle } },
    async (req) => {
      await settlement.retry(await ctxOf(req), req.body.itemId);
      return sysOk(null, '已重新发起出款');
    },
  );

  app.post(
    S.SETTLE_P.itemHandle,
    { schema: { body: S.itemHandleBody, tags, summary: '人工处理失败的结算明细（资金已退回结算账户）' }, config: { permission: S.SETTLE_PERMS.itemHandle } },
    async (req) => {
      await settlement.handle(await ctxOf(req), req.body.itemId, req.body.reason);
      return sysOk(null, '已标记为人工处理');
    },
  );

  app.get(
    S.SETTLE_P.reconDays,
    { schema: { querystring: pageQuery, tags, summary: '对账日列表' }, config: { permission: S.SETTLE_PERMS.reconList } },
    async (req) => sysOk(await listReconDays(store, (await ctxOf(req)).tenantId, req.query)),
  );

  app.get(
    S.SETTLE_P.reconItems,
    { schema: { querystring: pageQuery, tags, summary: '对账差错列表' }, config: { permission: S.SETTLE_PERMS.reconList } },
    async (req) => sysOk(await listReconItems(store, (await ctxOf(req)).tenantId, req.query)),
  );

  app.post(
    S.SETTLE_P.reconRun,
    { schema: { body: S.reconRunBody, tags, summary: '执行某日对账（重复执行结果相同）' }, config: { permission: S.SETTLE_PERMS.reconRun } },
    async (req) => {
      const r = await recon.run(await ctxOf(req), req.body.day);
      return sysOk(r, `对账完成：匹配${r.matched}笔，差错${r.missingOurs + r.missingTheirs + r.amountDiffers}笔`);
    },
  );

  app.post(
    S.SETTLE_P.reconProviderWrong,
    { schema: { body: S.reconReasonBody, tags, summary: '标记为渠道差错（须填写原因）' }, config: { permission: S.SETTLE_PERMS.reconResolve } },
    async (req) => {
      await recon.markProviderWrong(await ctxOf(req), req.body.id, req.body.reason);
      return sysOk(null, '已标记为渠道差错');
    },
  );

  app.post(
    S.SETTLE_P.reconProposeAdjust,
    { schema: { body: S.reconReasonBody, tags, summary: '发起调账（须他人复核）' }, config: { permission: S.SETTLE_PERMS.reconResolve } },
    async (req) => {
      await recon.proposeAdjust(await ctxOf(req), req.body.id, req.body.reason);
      return sysOk(null, '调账已提交，等待复核');
    },
  );

  app.post(
    S.SETTLE_P.reconApproveAdjust,
    { schema: { body: S.reconIdBody, tags, summary: '复核通过调账（不能复核自己发起的；记入挂账账户）' }, config: { permission: S.SETTLE_PERMS.reconApprove } },
    async (req) => {
      await recon.approveAdjust(await ctxOf(req), req.body.id);
      return sysOk(null, '调账已复核入账');
    },
  );

  app.post(
    S.SETTLE_P.reconRejectAdjust,
    { schema: { body: S.reconReasonBody, tags, summary: '退回调账' }, config: { permission: S.SETTLE_PERMS.reconApprove } },
    async (req) => {
      await recon.rejectAdjust(await ctxOf(req), req.body.id, req.body.reason);
      return sysOk(null, '调账已退回');
    },
  );

  app.post(
    S.SETTLE_P.reconClose,
    { schema: { body: S.reconCloseBody, tags, summary: '关账（无未处理差错时）' }, config: { permission: S.SETTLE_PERMS.reconClose } },
    async (req) => {
      await recon.close(await ctxOf(req), req.body.day);
      return sysOk(null, '已关账');
    },
  );
};
