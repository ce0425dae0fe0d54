// Customer onboarding and payment-provider innet calls (issue 17 §1-§2) in the business envelope of
// §7, each with its permission code; a customer-side user reaches only their own customer. Rules:
// customers.ts (master and review), materials.ts, innet.ts (state machine, callbacks), signing.ts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as C from '../../../contract/api/cus';
import { LEDGER_PERMS } from '../../../contract/api/ledger';
import { MSG } from '../../../contract/messages';
import { objectStoreFromEnv, type ObjectStore } from '../../adapters/objectStore/objectStore';
import type { ModuleOptions } from '../../context';
import { capOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { ledgerServiceFor } from '../ledger/instance';
import { accountScopeOf } from '../ledger/rules';
import { approveMaster, createMaster, listMasters, returnMaster, submitMaster, updateMaster } from './customers';
import { listInnets } from './innetStore';
import { innetServiceFor, releaseInnetService } from './instance';
import { adminOf, INVITE_SMS_TYPE, inviteAdmin } from './invite';
import { addMaterial, materialsOf, updateMaterial } from './materials';
import { seedCusDemo } from './seed';
import { SigningService } from './signing';
import { customerOf, historyOf, masterView, type CusCtx } from './store';

const tags = ['cus'];
const pageOf = (p?: { pageNum: number; pageSize: number }) => ({ pageNum: p?.pageNum ?? 1, pageSize: p?.pageSize ?? 10 });
const listAnswer = (r: { listData: unknown[]; count: number }, p: { pageNum: number; pageSize: number }) =>
  capOk({ listData: r.listData, page: { count: r.count, pageSize: p.pageSize, offset: (p.pageNum - 1) * p.pageSize } });

export const cusRoutes: FastifyPluginAsyncZod<ModuleOptions & { objectStore?: ObjectStore }> = async (app, { deps, objectStore }) => {
  const ledger = ledgerServiceFor(deps.db);
  const innet = innetServiceFor(deps.db, undefined, (m) => deps.log.warn(m));
  const signing = new SigningService(innet, deps, objectStore ?? objectStoreFromEnv());
  const store = innet.store;
  app.addHook('onClose', async () => releaseInnetService(deps.db));
  if (deps.demo) await seedCusDemo(store).catch((err: Error) => deps.log.warn(`cus: demo customers: ${err.message}`));
  app.addHook('onReady', async () => {
    innet.resume().then(
      (n) => n && deps.log.info(`cus: handed ${n} innet applications to the provider again`),
      (err: Error) => deps.log.warn(`cus: innet resume failed: ${err.message}`),
    );
  });

  /** The group's customer code when it is a customer-side group (cus), else null; cached per group. */
  const scopes = new Map<string, string | null>();
  async function ctxOf(req: FastifyRequest): Promise<CusCtx> {
    const auth = authOf(req);
    const groupId = auth.groupId;
    if (groupId && !scopes.has(groupId)) {
      const [g] = await store.query<{ cus_code: string | null; org_type: string }>('SELECT cus_code, org_type FROM groups WHERE id = $1', [groupId]);
      scopes.set(groupId, g?.org_type === 'cus' ? (g.cus_code ?? '') : null);
    }
    return {
      tenantId: auth.tenantId,
      actor: { id: auth.user.id, name: auth.user.realname || auth.user.username },
      cusCode: groupId ? (scopes.get(groupId) ?? null) : null,
    };
  }
  const doc = <B extends z.ZodTypeAny>(body: B, summary: string) => ({ body, tags, summary });

  // ---- customer master and review ----
  app.post(
    C.CUS_PATHS.masterInquiry,
    {
      schema: doc(C.masterInquiryBody, '客户详情：主数据、审核状态、账户、银行卡、近期分录、材料、进件申请'),
      config: { permission: LEDGER_PERMS.customerInfo },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      const cusCode = req.body.cusCode;
      const master = masterView(await customerOf(store, ctx, cusCode));
      // The accounts part answers as 账户管理 does: narrowed by the caller's data rules there.
      const scope = await accountScopeOf(deps.db, authOf(req));
      const detail = await ledger.customerDetail({ tenantId: ctx.tenantId, actor: ctx.actor.id, cusCode: ctx.cusCode, scope }, cusCode);
      const materials = await materialsOf(store, ctx, cusCode);
      const innets = (await listInnets(store, ctx, { cusCode, pageNum: 1, pageSize: 50 })).listData;
      const admin = await adminOf(store, ctx, cusCode);
      return capOk({ ...detail, master, materials, innets, admin });
    },
  );
  app.post(
    C.CUS_PATHS.adminInvite,
    {
      schema: doc(C.adminInviteBody, '邀请客户管理员：短信邀请，被邀请人成为绑定该客户编号的客户侧用户（用本手机号验证码登录）；同一手机号再次调用即重发短信'),
      config: { permission: C.CUS_PERMS.invite },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      const { cusCode, realname, mobile } = req.body;
      const out = await store.tx((c) => inviteAdmin(c, deps, ctx, { cusCode, realname, mobile }));
      // After the commit: an SMS never announces an invitation that was rolled back.
      await deps.sms.send({ mobile: out.sms.mobile, content: out.sms.content, type: INVITE_SMS_TYPE });
      return capOk({ admin: out.admin }, C.CUS_MSG.inviteSent(out.admin.mobile));
    },
  );
  app.post(
    C.CUS_PATHS.masterList,
    { schema: doc(C.masterListBody, '客户列表（审核状态、类型、角色、关键字；待我审核）'), config: { permission: C.CUS_PERMS.inquiry } },
    async (req) => {
      const p = pageOf(req.body.page);
      return listAnswer(await listMasters(store, await ctxOf(req), { ...req.body, ...p }), p);
    },
  );
  app.post(C.CUS_PATHS.masterAdd, { schema: doc(C.masterAddBody, '新建客户（草稿；分配客户编号）'), config: { permission: C.CUS_PERMS.add } }, async (req) => {
    const { context: _c, ...v } = req.body;
    const ctx = await ctxOf(req);
    return capOk({ customer: masterView(await store.tx((c) => createMaster(c, ctx, v))) }, '保存成功');
  });
  app.post(
    C.CUS_PATHS.masterUpdate,
    { schema: doc(C.masterUpdateBody, '修改客户资料（版本号；已通过的客户回到草稿）'), config: { permission: C.CUS_PERMS.edit } },
    async (req) => {
      const { context: _c, cusCode, version, ...v } = req.body;
      const ctx = await ctxOf(req);
      return capOk({ customer: masterView(await store.tx((c) => updateMaster(c, ctx, cusCode, version, v))) }, '修改成功');
    },
  );
  app.post(
    C.CUS_PATHS.masterSubmit,
    { schema: doc(C.masterSubmitBody, '提交审核（须上传必备材料）'), config: { permission: C.CUS_PERMS.submit } },
    async (req) => {
      const ctx = await ctxOf(req);
      return capOk({ customer: masterView(await store.tx((c) => submitMaster(c, ctx, req.body.cusCode, req.body.version))) }, '提交成功，等待审核');
    },
  );
  app.post(
    C.CUS_PATHS.masterAuditPass,
    { schema: doc(C.masterAuditPassBody, '审核通过（不能审核自己提交的客户资料）'), config: { permission: C.CUS_PERMS.audit } },
    async (req) => {
      const ctx = await ctxOf(req);
      return capOk({ customer: masterView(await store.tx((c) => approveMaster(c, ctx, req.body.cusCode, req.body.version))) }, '审核通过');
    },
  );
  app.post(
    C.CUS_PATHS.masterAuditReject,
    { schema: doc(C.masterAuditRejectBody, '审核退回（整体原因和/或逐项材料原因）'), config: { permission: C.CUS_PERMS.audit } },
    async (req) => {
      const ctx = await ctxOf(req);
      const b = req.body;
      return capOk({ customer: masterView(await store.tx((c) => returnMaster(c, ctx, b.cusCode, b.version, b.reason ?? '', b.materialReasons))) }, '已退回');
    },
  );
  app.post(
    C.CUS_PATHS.history,
    { schema: doc(C.historyBody, '客户历史（每次变更的操作人和时间）'), config: { permission: C.CUS_PERMS.inquiry } },
    async (req) => {
      const p = pageOf(req.body.page);
      return listAnswer(await historyOf(store, await ctxOf(req), { cusCode: req.body.cusCode, innetId: req.body.innetId, ...p }), p);
    },
  );

  // ---- materials ----
  app.post(
    C.CUS_PATHS.materialInquiry,
    { schema: doc(C.materialInquiryBody, '客户材料列表（按类型和顺序）'), config: { permission: C.CUS_PERMS.inquiry } },
    async (req) => capOk({ listData: await materialsOf(store, await ctxOf(req), req.body.cusCode) }),
  );
  app.post(
    C.CUS_PATHS.materialAdd,
    {
      schema: doc(C.materialAddBody, '添加材料（filePath 为 FileUpload 的 result.filePath；图片类材料只收图片）'),
      config: { permission: C.CUS_PERMS.material },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      return capOk({ material: await store.tx((c) => addMaterial(c, ctx, req.body)) }, '上传成功');
    },
  );
  app.post(
    C.CUS_PATHS.materialUpdate,
    { schema: doc(C.materialUpdateBody, '更新材料：replace 更换、moveUp/moveDown 调整顺序、remove 删除'), config: { permission: C.CUS_PERMS.material } },
    async (req) => {
      const ctx = await ctxOf(req);
      return capOk({ listData: await store.tx((c) => updateMaterial(c, ctx, req.body)) }, '操作成功');
    },
  );

  // ---- innet ----
  app.post(
    C.CUS_PATHS.innet,
    { schema: doc(C.innetBody, '进件：新申请或草稿/驳回后重新提交（draft=true 仅保存）'), config: { permission: C.CUS_PERMS.innetApply } },
    async (req) => {
      const { context: _c, ...b } = req.body;
      const view = await innet.apply(await ctxOf(req), b);
      return capOk({ innet: view }, b.draft ? '保存成功' : '提交成功');
    },
  );
  app.post(
    C.CUS_PATHS.innetInquiry,
    { schema: doc(C.innetInquiryBody, '进件申请列表（按客户、支付机构、状态；kxbCus 即 provider=kxb）'), config: { permission: C.CUS_PERMS.innetInquiry } },
    async (req) => {
      const p = pageOf(req.body.page);
      return listAnswer(await listInnets(store, await ctxOf(req), { ...req.body, ...p }), p);
    },
  );
  app.post(C.CUS_PATHS.innetCancel, { schema: doc(C.innetCancelBody, '撤销进件（开通前）'), config: { permission: C.CUS_PERMS.innetApply } }, async (req) =>
    capOk({ innet: await innet.cancel(await ctxOf(req), req.body.innetId, req.body.reason) }, '撤销成功'),
  );
  app.post(
    C.CUS_PATHS.innetPayConfirm,
    { schema: doc(C.innetPayConfirmBody, '打款验证：输入支付机构打入结算卡的金额（错误3次验证失败）'), config: { permission: C.CUS_PERMS.innetVerify } },
    async (req) => capOk({ innet: await innet.payConfirm(await ctxOf(req), req.body.innetId, req.body.amount) }, '验证成功'),
  );
  app.post(
    C.CUS_PATHS.innetSmsApply,
    { schema: doc(C.innetSmsApplyBody, '签约短信：发送验证码到法定代表人手机（60秒内不能重发）'), config: { permission: C.CUS_PERMS.innetSign } },
    async (req) => {
      await signing.smsApply(await ctxOf(req), req.body.innetId);
      return capOk({}, MSG.smsSent);
    },
  );
  app.post(
    C.CUS_PATHS.innetSmsConfirm,
    { schema: doc(C.innetSmsConfirmBody, '签约短信确认（验证码5分钟有效，只能使用一次）'), config: { permission: C.CUS_PERMS.innetSign } },
    async (req) => capOk({ innet: await signing.smsConfirm(await ctxOf(req), req.body.innetId, req.body.captcha) }, '验证成功'),
  );
  app.post(
    C.CUS_PATHS.innetSign,
    { schema: doc(C.innetSignBody, '签约：生成合同（含PDF），申请进入开通中'), config: { permission: C.CUS_PERMS.innetSign } },
    async (req) => capOk({ ...(await signing.sign(await ctxOf(req), req.body.innetId)) }, '签约成功'),
  );
  app.post(
    C.CUS_PATHS.innetOpen,
    { schema: doc(C.innetOpenBody, '申请开通：支付机构开通后同时开立客户的基本账户和结算账户'), config: { permission: C.CUS_PERMS.innetOpen } },
    async (req) => capOk({ innet: await innet.open(await ctxOf(req), req.body.innetId) }, '已提交开通申请'),
  );

  // ---- bank-account-apply ----
  app.post(
    C.CUS_PATHS.bankApply,
    {
      schema: doc(C.bankApplyBody, '银行账户申请：已开通客户通过其支付机构申请虚拟银行账户；开通后同时开立客户的同类型账户'),
      config: { permission: C.CUS_PERMS.bankApply },
    },
    async (req) => {
      const { context: _c, ...b } = req.body;
      return capOk({ apply: await innet.bank.apply(await ctxOf(req), b) }, '申请已提交');
    },
  );
  app.post(
    C.CUS_PATHS.bankApplyInquiry,
    { schema: doc(C.bankApplyInquiryBody, '银行账户申请列表（按客户、状态）'), config: { permission: C.CUS_PERMS.bankApplyInquiry } },
    async (req) => {
      const p = pageOf(req.body.page);
      return listAnswer(await innet.bank.list(store, await ctxOf(req), { ...req.body, ...p }), p);
    },
  );
  app.post(
    C.CUS_PATHS.bankApplyCancel,
    { schema: doc(C.bankApplyCancelBody, '撤销银行账户申请（支付机构决定前）'), config: { permission: C.CUS_PERMS.bankApply } },
    async (req) => capOk({ apply: await innet.bank.cancel(await ctxOf(req), req.body.applyId, req.body.reason) }, '撤销成功'),
  );

  // ---- fees and contracts ----
  app.post(C.CUS_PATHS.configFee, { schema: doc(C.configFeeBody, '费率配置（每次保存为新版本）'), config: { permission: C.CUS_PERMS.fee } }, async (req) => {
    const { context: _c, ...v } = req.body;
    return capOk({ fee: await signing.configFee(await ctxOf(req), v) }, '保存成功');
  });
  app.post(
    C.CUS_PATHS.configFeeInquiry,
    { schema: doc(C.configFeeInquiryBody, '费率查询（各版本）'), config: { permission: C.CUS_PERMS.inquiry } },
    async (req) => capOk({ listData: await signing.fees(await ctxOf(req), req.body.cusCode, req.body.provider) }),
  );
  app.post(C.CUS_PATHS.contractInquiry, { schema: doc(C.contractInquiryBody, '合同列表'), config: { permission: C.CUS_PERMS.contract } }, async (req) => {
    const p = pageOf(req.body.page);
    return listAnswer(await signing.contracts(await ctxOf(req), { ...req.body, ...p }), p);
  });
  app.post(C.CUS_PATHS.contractDetail, { schema: doc(C.contractDetailBody, '合同详情'), config: { permission: C.CUS_PERMS.contract } }, async (req) =>
    capOk({ contract: await signing.contract(await ctxOf(req), req.body.contractId) }),
  );
  app.get(
    C.CUS_PATHS.pdfPreview,
    { schema: { querystring: C.pdfPreviewQuery, tags, summary: '合同PDF预览（download=1 为下载）' }, config: { permission: C.CUS_PERMS.contract } },
    async (req, reply) => {
      const pdf = await signing.contractPdf(await ctxOf(req), req.query.contractId);
      const disposition = req.query.download === '1' ? 'attachment' : 'inline';
      reply
        .header('Content-Type', 'application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(pdf.fileName)}`);
      return reply.send(pdf.data);
    },
  );
};
