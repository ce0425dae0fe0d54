// Account-side calls of the pay module: adjust, refund and distribution (orders of the four-eyes
// flow, approved through PayOrderAuditPass), customer enable/disable, invoices, the payment and
// operation passwords and data decryption.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import * as P from '../../../contract/api/pay';
import { formatFen, parseYuan } from '../../../contract/money';
import type { ModuleOptions } from '../../context';
import { AppError, capOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { applyInvoice, invoiceTotals, listInvoices, makeInvoice } from './invoices';
import { decryptSession, modifyPayPassword, setOpPassword } from './passwords';
import type { PayCtx, PayService } from './service';
import type { OrderRow } from './store';
import { withTx } from './tx';

const tags = ['pay'];
interface AcctOptions extends ModuleOptions {
  pay: PayService;
  ctxOf: (req: FastifyRequest) => Promise<PayCtx>;
  view: (req: FastifyRequest, o: OrderRow) => Promise<P.PayOrderView>;
}

export const acctRoutes: FastifyPluginAsyncZod<AcctOptions> = async (app, { deps, pay, ctxOf, view }) => {
  const store = pay.ledger.store;
  const submitted = (draft: boolean) => (draft ? '保存成功' : '提交成功，等待审批');
  const scoped = (ctx: PayCtx, cusCode: string) => {
    if (ctx.cusCode && ctx.cusCode !== cusCode) throw new AppError(404, LEDGER_MSG.customerNotFound);
  };

  app.post(
    P.PAY_PATHS.adjustApply,
    {
      schema: { body: P.adjustApplyBody, tags, summary: '调账申请（贷记/借记，对平台挂账账户；原因必填；需他人审批）' },
      config: { permission: P.PAY_PERMS.adjust },
    },
    async (req) => {
      const { draft, idempotencyKey, context: _c, ...payload } = req.body;
      const o = await pay.create(await ctxOf(req), 'adjust', payload, { draft, idempotencyKey });
      return capOk({ order: await view(req, o) }, submitted(draft));
    },
  );

  app.post(
    P.PAY_PATHS.refundApply,
    {
      schema: { body: P.refundApplyBody, tags, summary: '退款申请（原单须为成功的本平台单笔付款；累计退款不超过原付款金额；需他人审批）' },
      config: { permission: P.PAY_PERMS.refund },
    },
    async (req) => {
      const { draft, idempotencyKey, context: _c, ...payload } = req.body;
      const o = await pay.create(await ctxOf(req), 'refund', payload, { draft, idempotencyKey });
      return capOk({ order: await view(req, o) }, submitted(draft));
    },
  );

  app.post(
    P.PAY_PATHS.distributionApply,
    {
      schema: { body: P.distributionApplyBody, tags, summary: '分账申请（按比例或固定金额；比例之和100%，尾差入指定账户；需他人审批）' },
      config: { permission: P.PAY_PERMS.distribution },
    },
    async (req) => {
      const { draft, idempotencyKey, context: _c, ...payload } = req.body;
      const o = await pay.create(await ctxOf(req), 'distribution', payload, { draft, idempotencyKey });
      return capOk({ order: await view(req, o) }, submitted(draft));
    },
  );

  const setStatus = async (req: FastifyRequest, cusCode: string, status: 'enabled' | 'disabled', reason: string) => {
    const ctx = await ctxOf(req);
    scoped(ctx, cusCode);
    return pay.ledger.setCustomerStatus({ tenantId: ctx.tenantId, actor: ctx.actor.id }, cusCode, status, reason);
  };
  app.post(
    P.PAY_PATHS.customerEnable,
    { schema: { body: P.customerEnableBody, tags, summary: '启用客户' }, config: { permission: P.PAY_PERMS.customerStatus } },
    async (req) => capOk({ customer: await setStatus(req, req.body.cusCode, 'enabled', '') }, '启用成功'),
  );
  app.post(
    P.PAY_PATHS.customerDisable,
    {
      schema: { body: P.customerDisableBody, tags, summary: '停用客户（原因必填；停用后不能付款、提现）' },
      config: { permission: P.PAY_PERMS.customerStatus },
    },
    async (req) => capOk({ customer: await setStatus(req, req.body.cusCode, 'disabled', req.body.reason) }, '停用成功'),
  );

  app.post(
    P.PAY_PATHS.invoiceApply,
    {
      schema: { body: P.invoiceApplyBody, tags, summary: '开票申请（不超过可开票金额 = 已成功付款 − 已开票）' },
      config: { permission: P.PAY_PERMS.invoiceApply },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      const b = req.body;
      scoped(ctx, b.cusCode);
      const invoice = await applyInvoice((fn) => withTx(pay.ledger, fn), ctx.tenantId, ctx.actor.id, { ...b, amountFen: parseYuan(b.amount)! });
      return capOk({ invoice }, '开票申请已提交');
    },
  );

  app.post(
    P.PAY_PATHS.invoiceMake,
    { schema: { body: P.invoiceMakeBody, tags, summary: '开具发票（已申请 → 已开具，生成发票号）' }, config: { permission: P.PAY_PERMS.invoiceMake } },
    async (req) => {
      const ctx = await ctxOf(req);
      return capOk({ invoice: await makeInvoice(store, ctx.tenantId, ctx.actor.id, req.body.invoiceId, ctx.cusCode ?? null) }, '开票成功');
    },
  );

  app.post(
    P.PAY_PATHS.invoiceInquiry,
    {
      schema: { body: P.invoiceInquiryBody, tags, summary: '发票查询（分页；带客户代码时返回可开票金额）' },
      config: { permission: P.PAY_PERMS.invoiceInquiry },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      const b = req.body;
      const cusCode = ctx.cusCode ?? b.cusCode;
      const pageNum = b.page?.pageNum ?? 1;
      const pageSize = b.page?.pageSize ?? 10;
      const { listData, count } = await listInvoices(store, ctx.tenantId, { cusCode, status: b.status, pageNum, pageSize });
      const t = cusCode ? await invoiceTotals(store, ctx.tenantId, cusCode) : null;
      const body: P.InvoiceInquiryResult = {
        listData,
        page: { count, pageSize, offset: (pageNum - 1) * pageSize },
        invoiceable: t ? formatFen(t.invoiceable) : null,
        paid: t ? formatFen(t.paid) : null,
        invoiced: t ? formatFen(t.invoiced) : null,
      };
      return capOk({ ...body });
    },
  );

  app.post(
    P.PAY_PATHS.payPwdModify,
    {
      schema: { body: P.payPwdModifyBody, tags, summary: '设置/修改支付密码（加密传输；首次设置时原密码为登录密码）' },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      await modifyPayPassword(deps, store, authOf(req), req.body);
      return capOk({}, '修改成功');
    },
  );

  app.post(
    P.PAY_PATHS.opPwdSet,
    { schema: { body: P.opPwdSetBody, tags, summary: '设置操作密码（短信验证码，类型 opPassword）' }, config: { permission: 'authenticated' } },
    async (req) => {
      await setOpPassword(deps, store, authOf(req), req.body);
      return capOk({}, P.PAY_MSG.opPwdSet);
    },
  );

  app.post(
    P.PAY_PATHS.dataDecryption,
    {
      schema: {
        body: P.dataDecryptionBody,
        tags,
        summary: '数据解密（短信验证码，类型 decrypt）：返回新令牌（访问1小时、刷新1天），其后手机号、银行卡号明文显示',
      },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const tokens = await decryptSession(deps, store, authOf(req), req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
      return capOk({ ...tokens }, P.PAY_MSG.decrypted);
    },
  );
};
