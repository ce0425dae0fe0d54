// Fund supervision calls (issue 18 §4) in the /sys envelope: each page's lists (svBoss: every fund
// and request of the tenant; svSupplier / svCus: a customer-group user's own), deposit, raise,
// cancel, approve / reject (four eyes), supplier freeze and the supervisor's alerts. Rules: service.ts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as V from '../../../contract/api/supervise';
import { parseYuan } from '../../../contract/money';
import type { ModuleOptions } from '../../context';
import { sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { ledgerServiceFor } from '../ledger/instance';
import { pageQuery } from '../settle/queries';
import { cusCodeResolver } from '../settle/viewer';
import { listFunds, listRequests } from './queries';
import { SupervisionService, type SvCtx } from './service';

const tags = ['supervise'];

export const superviseRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const ledger = ledgerServiceFor(deps.db);
  const sv = new SupervisionService(ledger);
  const cusCodeOf = cusCodeResolver(ledger.store);

  async function ctxOf(req: FastifyRequest): Promise<SvCtx> {
    const auth = authOf(req);
    return { tenantId: auth.tenantId, actor: auth.user.id, actorName: auth.user.realname, cusCode: await cusCodeOf(req), requestId: req.id };
  }

  for (const side of V.SV_SIDES) {
    const view = async (req: FastifyRequest) => {
      const ctx = await ctxOf(req);
      return { tenantId: ctx.tenantId, side, code: ctx.cusCode, userId: ctx.actor };
    };
    app.get(
      V.SV_P.funds(side),
      { schema: { querystring: pageQuery, tags, summary: `监管资金列表（${side}）` }, config: { permission: V.SV_VIEW_PERM[side] } },
      async (req) => sysOk(await listFunds(ledger.store, await view(req), req.query)),
    );
    app.get(
      V.SV_P.requests(side),
      { schema: { querystring: pageQuery, tags, summary: `放款/退款申请列表（${side}）` }, config: { permission: V.SV_VIEW_PERM[side] } },
      async (req) => sysOk(await listRequests(ledger.store, await view(req), req.query)),
    );
  }

  app.get(
    V.SV_P.alerts,
    { schema: { querystring: z.object({}).passthrough(), tags, summary: '监管预警' }, config: { permission: V.SV_PERMS.bossView } },
    async (req) => sysOk(await sv.alerts((await ctxOf(req)).tenantId)),
  );

  app.post(
    V.SV_P.deposit,
    { schema: { body: V.depositBody, tags, summary: '存入监管资金（客户基本账户 → 监管账户）' }, config: { permission: V.SV_PERMS.deposit } },
    async (req) => {
      const b = req.body;
      const r = await sv.deposit(await ctxOf(req), { ...b, amountFen: parseYuan(b.amount)! });
      return sysOk(r, '监管资金已存入');
    },
  );

  for (const kind of ['release', 'refund'] as const) {
    app.post(
      kind === 'release' ? V.SV_P.raiseRelease : V.SV_P.raiseRefund,
      {
        schema: {
          body: V.raiseBody,
          tags,
          summary: kind === 'release' ? '发起放款申请（供应商，须附交付证明文件）；占用监管余额' : '发起退款申请（客户，未交付部分）；占用监管余额',
        },
        config: { permission: kind === 'release' ? V.SV_PERMS.release : V.SV_PERMS.refund },
      },
      async (req) => {
        const r = await sv.raise(await ctxOf(req), { ...req.body, kind, amountFen: parseYuan(req.body.amount)! });
        return sysOk(r, '申请已提交，等待监管方审批');
      },
    );
  }

  app.post(
    V.SV_P.cancel,
    { schema: { body: V.requestIdBody, tags, summary: '撤销自己发起的待审批申请' }, config: { permission: `${V.SV_PERMS.release},${V.SV_PERMS.refund}` } },
    async (req) => {
      await sv.cancel(await ctxOf(req), req.body.id);
      return sysOk(null, '申请已撤销');
    },
  );

  app.post(
    V.SV_P.approve,
    { schema: { body: V.requestIdBody, tags, summary: '审批通过（不能审批自己发起的申请）：监管账户出款' }, config: { permission: V.SV_PERMS.approve } },
    async (req) => {
      await sv.decide(await ctxOf(req), req.body.id, { approve: true });
      return sysOk(null, '审批通过，资金已划转');
    },
  );

  app.post(
    V.SV_P.reject,
    { schema: { body: V.rejectBody, tags, summary: '审批驳回（须填写原因）' }, config: { permission: V.SV_PERMS.approve } },
    async (req) => {
      await sv.decide(await ctxOf(req), req.body.id, { approve: false, reason: req.body.reason });
      return sysOk(null, '已驳回');
    },
  );

  app.post(
    V.SV_P.freeze,
    { schema: { body: V.freezeBody, tags, summary: '冻结供应商放款（须填写原因）' }, config: { permission: V.SV_PERMS.freeze } },
    async (req) => {
      await sv.freeze(await ctxOf(req), req.body.supplierCode, req.body.reason);
      return sysOk(null, '已冻结该供应商的放款');
    },
  );

  app.post(
    V.SV_P.unfreeze,
    { schema: { body: V.unfreezeBody, tags, summary: '解除供应商放款冻结' }, config: { permission: V.SV_PERMS.freeze } },
    async (req) => {
      await sv.unfreeze(await ctxOf(req), req.body.supplierCode);
      return sysOk(null, '已解除冻结');
    },
  );
};
