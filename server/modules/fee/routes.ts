// Fee and split-rule calls (issue 18 §1-§2) in the business envelope of §7, each with its permission
// code: fee rules (inquiry, propose, approve, reject), the quote the payment confirmation shows,
// fee income per customer and month and its monthly invoice, standing split rules and their entries.
// Rules: rules.ts (four eyes, versions), engine.ts (pricing), splits.ts, income.ts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as F from '../../../contract/api/fee';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { formatFen, parseYuan } from '../../../contract/money';
import { hasPermission } from '../../../contract/permission';
import type { ModuleOptions } from '../../context';
import { AppError, capOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { ledgerServiceFor } from '../ledger/instance';
import { permissionLists } from '../resources/service';
import { customerCodeOf } from '../tenant/customerScope';
import { ruleFor } from './engine';
import { applyFeeInvoice, feeIncome } from './income';
import { FeeRuleService, type FeeCtx } from './rules';
import { computeFee } from '../../../contract/api/fee';

const tags = ['fee'];
const pageOf = (p?: { pageNum: number; pageSize: number }) => ({ pageNum: p?.pageNum ?? 1, pageSize: p?.pageSize ?? 10 });
const listAnswer = (r: { listData: unknown[]; count: number }, p: { pageNum: number; pageSize: number }, extra: Record<string, unknown> = {}) =>
  capOk({ listData: r.listData, page: { count: r.count, pageSize: p.pageSize, offset: (p.pageNum - 1) * p.pageSize }, ...extra });

export const feeRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const ledger = ledgerServiceFor(deps.db);
  const store = ledger.store;
  const rules = new FeeRuleService(store, () => ledger.ruleFlags.changed());

  async function ctxOf(req: FastifyRequest): Promise<FeeCtx> {
    const auth = authOf(req);
    const cusCode = await customerCodeOf(deps.db, auth.groupId ?? null);
    return { tenantId: auth.tenantId, actor: { id: auth.user.id, name: auth.user.realname || auth.user.username }, cusCode };
  }
  const viewerOf = async (req: FastifyRequest, perm: string) => {
    const auth = authOf(req);
    return { userId: auth.user.id, canApprove: hasPermission(perm, await permissionLists(deps.db, auth.user.id, auth.tenantId)) };
  };
  const doc = <B extends z.ZodTypeAny>(body: B, summary: string) => ({ body, tags, summary });

  // ---- fee rules ----
  app.post(
    F.FEE_PATHS.ruleInquiry,
    { schema: doc(F.feeRuleInquiryBody, '费率规则查询（各版本，待审批在前）'), config: { permission: F.FEE_PERMS.view } },
    async (req) => {
      const p = pageOf(req.body.page);
      return listAnswer(await rules.list(await ctxOf(req), { ...req.body, ...p }, await viewerOf(req, F.FEE_PERMS.approve)), p);
    },
  );
  app.post(
    F.FEE_PATHS.rulePropose,
    { schema: doc(F.feeRuleProposeBody, '提交费率规则新版本（待他人审批后于生效时间起生效）'), config: { permission: F.FEE_PERMS.edit } },
    async (req) => capOk({ rule: await rules.propose(await ctxOf(req), req.body, await viewerOf(req, F.FEE_PERMS.approve)) }, '提交成功，等待审批'),
  );
  app.post(
    F.FEE_PATHS.ruleApprove,
    { schema: doc(F.ruleDecideBody, '审批通过费率规则（不能审批自己提交的规则）'), config: { permission: F.FEE_PERMS.approve } },
    async (req) =>
      capOk({ rule: await rules.decide(await ctxOf(req), req.body.ruleId, { approve: true }, await viewerOf(req, F.FEE_PERMS.approve)) }, '审批通过'),
  );
  app.post(F.FEE_PATHS.ruleReject, { schema: doc(F.ruleRejectBody, '驳回费率规则（须填写原因）'), config: { permission: F.FEE_PERMS.approve } }, async (req) =>
    capOk(
      { rule: await rules.decide(await ctxOf(req), req.body.ruleId, { approve: false, reason: req.body.reason }, await viewerOf(req, F.FEE_PERMS.approve)) },
      '驳回成功',
    ),
  );

  // ---- the fee a payment would pay now (the confirmation) ----
  app.post(F.FEE_PATHS.quote, { schema: doc(F.feeQuoteBody, '手续费试算（付款确认时显示）'), config: { permission: 'pay:order:submit' } }, async (req) => {
    const ctx = await ctxOf(req);
    const amounts = req.body.amounts.map((a) => parseYuan(a));
    if (amounts.some((a) => a === null)) throw new AppError(400, '请输入正确的金额');
    const [a] = await store.query<{ cus_code: string }>(
      `SELECT cu.cus_code FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND a.account_no = $2 AND a.owner_kind = 'customer'`,
      [ctx.tenantId, req.body.acctNo],
    );
    if (!a || (ctx.cusCode !== null && a.cus_code !== ctx.cusCode)) throw new AppError(404, LEDGER_MSG.accountNotFound);
    const rule = await ruleFor(store, ctx.tenantId, a.cus_code, req.body.txType);
    const fees = amounts.map((x) => (rule ? computeFee(rule.def, x!) : 0n));
    const total = fees.reduce((s, f) => s + f, 0n);
    const body: F.FeeQuoteView = {
      fees: fees.map(formatFen),
      total: formatFen(total),
      ruleId: rule?.ruleId ?? null,
      ruleText: rule ? F.feeDefText(rule.def) : '免手续费',
    };
    return capOk({ ...body });
  });

  // ---- fee income and its invoice ----
  app.post(F.FEE_PATHS.income, { schema: doc(F.feeIncomeBody, '手续费收入（按客户、按月）'), config: { permission: F.FEE_PERMS.income } }, async (req) => {
    const ctx = await ctxOf(req);
    const p = pageOf(req.body.page);
    if (ctx.cusCode !== null && req.body.cusCode && req.body.cusCode !== ctx.cusCode) return listAnswer({ listData: [], count: 0 }, p, { total: '0.00' });
    const r = await feeIncome(store, ctx.tenantId, { month: req.body.month, cusCode: ctx.cusCode ?? req.body.cusCode, ...p });
    return listAnswer(r, p, { total: r.total });
  });
  app.post(
    F.FEE_PATHS.invoice,
    { schema: doc(F.feeInvoiceBody, '申请月度手续费发票（金额为该客户当月手续费净收入，每客户每月一张）'), config: { permission: F.FEE_PERMS.invoice } },
    async (req) => {
      const ctx = await ctxOf(req);
      if (ctx.cusCode !== null && ctx.cusCode !== req.body.cusCode) throw new AppError(404, F.FEE_MSG.cusNotFound);
      const invoice = await applyFeeInvoice((fn) => store.tx(fn), ctx.tenantId, ctx.actor.id, req.body);
      return capOk({ invoice }, '申请成功');
    },
  );

  // ---- standing split rules ----
  app.post(
    F.FEE_PATHS.splitInquiry,
    { schema: doc(F.splitRuleInquiryBody, '分账规则查询（各版本）'), config: { permission: F.FEE_PERMS.splitView } },
    async (req) => {
      const p = pageOf(req.body.page);
      return listAnswer(await rules.listSplits(await ctxOf(req), { ...req.body, ...p }, await viewerOf(req, F.FEE_PERMS.splitApprove)), p);
    },
  );
  app.post(
    F.FEE_PATHS.splitPropose,
    { schema: doc(F.splitRuleProposeBody, '提交分账规则新版本（待他人审批后于生效时间起生效）'), config: { permission: F.FEE_PERMS.splitEdit } },
    async (req) => capOk({ rule: await rules.proposeSplit(await ctxOf(req), req.body, await viewerOf(req, F.FEE_PERMS.splitApprove)) }, '提交成功，等待审批'),
  );
  app.post(
    F.FEE_PATHS.splitApprove,
    { schema: doc(F.ruleDecideBody, '审批通过分账规则（不能审批自己提交的规则）'), config: { permission: F.FEE_PERMS.splitApprove } },
    async (req) =>
      capOk({ rule: await rules.decideSplit(await ctxOf(req), req.body.ruleId, { approve: true }, await viewerOf(req, F.FEE_PERMS.splitApprove)) }, '审批通过'),
  );
  app.post(
    F.FEE_PATHS.splitReject,
    { schema: doc(F.ruleRejectBody, '驳回分账规则（须填写原因）'), config: { permission: F.FEE_PERMS.splitApprove } },
    async (req) =>
      capOk(
        {
          rule: await rules.decideSplit(
            await ctxOf(req),
            req.body.ruleId,
            { approve: false, reason: req.body.reason },
            await viewerOf(req, F.FEE_PERMS.splitApprove),
          ),
        },
        '驳回成功',
      ),
  );
  app.post(
    F.FEE_PATHS.splitEntries,
    { schema: doc(F.splitEntryInquiryBody, '分账记录（每笔关联生成它的规则版本）'), config: { permission: F.FEE_PERMS.splitView } },
    async (req) => {
      const p = pageOf(req.body.page);
      return listAnswer(await rules.splitEntries(await ctxOf(req), { ...req.body, ...p }), p);
    },
  );
};
