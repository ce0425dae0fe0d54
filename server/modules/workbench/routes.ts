// 工作台 and 数据分析 (issue 19 §1-§2). GET /sys/workbench/overview answers every signed-in user
// what their permissions let them see (to-dos, payment figures, balances, or a customer-side user's
// own accounts and orders, recent activity); /charts the chart data (asked only when the charts are
// shown). GET /sys/dashboard/analysis and /exportXls answer 数据分析 for the tenants the caller may
// see: platform staff working in the platform tenant choose any tenant or all of them, everyone
// else sees their own. This plugin also folds the order summary's deltas every few seconds.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_PERMS } from '../../../contract/api/ledger';
import { FEE_PERMS } from '../../../contract/api/fee';
import { PAY_PERMS } from '../../../contract/api/payWire';
import {
  DASHBOARD_MSG,
  DASHBOARD_P,
  DASHBOARD_PERMS,
  WORKBENCH_P,
  analysisQuery,
  type Analysis,
  type AnalysisQuery,
  type WorkbenchOverview,
} from '../../../contract/api/workbench';
import type { ModuleOptions } from '../../context';
import { AppError, sysOk } from '../../http/envelope';
import { authOf, type AuthContext } from '../../http/guard';
import type { AuthCache } from '../session/authCache';
import { sendXlsx } from '../admin/xlsx';
import { isPlatform } from '../config/scope';
import { JOBS_TENANT } from '../jobs/service';
import { feeIncomeThisMonth } from '../fee/engine';
import { accountScopeOf } from '../ledger/rules';
import { storeOfDb } from '../ledger/store';
import { orderScopeOf } from '../pay/rules';
import type { DataScope } from '../rbac/dataScope';
import { customerCodeOf } from '../tenant/customerScope';
import { analysis, analysisXlsx } from './analysis';
import { balancesByType, charts, customerAccounts, mergeActivity, ordersByStatus, paymentFigures, recentDecisions, recentPostings } from './figures';
import { ALL_DAYS, businessDay, foldStats, STATS_TABLES, type StatsReach } from './stats';
import { todosOf } from './todos';

const FOLD_MS = Math.max(200, Number(process.env.WORKBENCH_FOLD_MS ?? 2000) || 2000);
const tags = ['workbench'];

export const workbenchRoutes: FastifyPluginAsyncZod<ModuleOptions & { auth: AuthCache }> = async (app, { deps, auth: authCache }) => {
  const db = deps.db;
  const store = storeOfDb(db);
  let folding = false;
  const fold = setInterval(() => {
    if (folding) return;
    folding = true;
    foldStats(store)
      .catch((err: Error) => deps.log.warn(`workbench: folding the order summary failed: ${err.message}`))
      .finally(() => (folding = false));
  }, FOLD_MS);
  fold.unref();
  app.addHook('onClose', async () => clearInterval(fold));

  /** What one request may see: permission checks in its tenant, its customer, its data rules (each asked once). */
  function viewer(req: FastifyRequest) {
    const auth = authOf(req);
    let orderScope: Promise<DataScope | null> | undefined;
    return {
      auth,
      allows: (permission: string) => authCache.allows(auth.user.id, auth.tenantId, permission),
      cusCode: customerCodeOf(db, auth.groupId),
      orderScope: () => (orderScope ??= orderScopeOf(db, auth)),
    };
  }

  async function orderReach(v: ReturnType<typeof viewer>, tenants: string[]): Promise<StatsReach> {
    return { tenants, cusCode: await v.cusCode, scope: await v.orderScope() };
  }

  /**
   * A figure every unnarrowed viewer of the tenant shares, kept in the list cache until the summary
   * or its deltas change (every order change does: migration 0043's notices); per viewer otherwise.
   */
  function shared<T extends object>(name: string, reach: StatsReach, read: () => Promise<T>): Promise<T> {
    if (reach.cusCode !== null || reach.scope !== null) return read();
    return deps.lists.through(`workbench:${name}:${reach.tenants.join(',')}:${businessDay()}`, STATS_TABLES, read);
  }

  app.get(
    WORKBENCH_P.overview,
    { schema: { tags, summary: '工作台：待办、关键指标、近期动态（按本人权限）' }, config: { permission: 'authenticated' } },
    async (req) => {
      const v = viewer(req);
      const tenantId = v.auth.tenantId;
      const [cusCode, canOrders, canAccounts, canFees] = await Promise.all([
        v.cusCode,
        v.allows(PAY_PERMS.inquiry),
        v.allows(LEDGER_PERMS.accountInquiry),
        v.allows(FEE_PERMS.income),
      ]);
      const reach = canOrders ? await orderReach(v, [tenantId]) : null;
      const acctScope = canAccounts && cusCode === null ? await accountScopeOf(db, v.auth) : null;
      const [todos, payments, balances, custAccounts, custOrders, decisions, postings, feeIncome] = await Promise.all([
        todosOf(store, { tenantId, userId: v.auth.user.id, cusCode, orderScope: v.orderScope }, v.allows),
        reach && cusCode === null ? shared('payments', reach, () => paymentFigures(store, reach)) : null,
        canAccounts && cusCode === null ? balancesByType(store, tenantId, acctScope) : null,
        canAccounts && cusCode !== null ? customerAccounts(store, tenantId, cusCode) : null,
        reach && cusCode !== null ? ordersByStatus(store, reach, ALL_DAYS.from, ALL_DAYS.to) : null,
        reach ? recentDecisions(store, { ...reach, tenants: [tenantId] }) : [],
        canAccounts ? recentPostings(store, tenantId, cusCode, acctScope) : [],
        canFees && cusCode === null ? feeIncomeThisMonth(store, tenantId) : null,
      ]);
      const answer: WorkbenchOverview = {
        at: new Date().toISOString(),
        todos,
        payments,
        balances,
        feeIncomeMonthFen: feeIncome === null ? null : feeIncome.toString(),
        customer: cusCode === null ? null : { cusCode, accounts: custAccounts, orders: custOrders },
        activity: mergeActivity(decisions, postings),
        charts: canOrders,
      };
      return sysOk(answer);
    },
  );

  app.get(
    WORKBENCH_P.charts,
    { schema: { tags, summary: '工作台图表：近30天付款量、订单状态分布、客户付款排行' }, config: { permission: PAY_PERMS.inquiry } },
    async (req) => {
      const v = viewer(req);
      const reach = await orderReach(v, [v.auth.tenantId]);
      return sysOk(await shared('charts', reach, () => charts(store, reach)));
    },
  );

  /** The tenants the caller may analyse, and the ones this request asks for. */
  async function tenantsOf(req: FastifyRequest, auth: AuthContext, asked: string | undefined) {
    const platform = auth.tenantId === JOBS_TENANT && (await isPlatform(db, req));
    const all = platform
      ? await store.query<{ id: string; name: string }>('SELECT id, name FROM tenants ORDER BY id')
      : await store.query<{ id: string; name: string }>('SELECT id, name FROM tenants WHERE id = $1', [auth.tenantId]);
    if (!asked) return { all, shown: all, tenantId: platform ? null : auth.tenantId };
    const one = all.find((t) => t.id === asked);
    if (!one) throw new AppError(403, DASHBOARD_MSG.tenantDenied);
    return { all, shown: [one], tenantId: one.id };
  }

  async function analysisOf(req: FastifyRequest, q: AnalysisQuery) {
    const v = viewer(req);
    const t = await tenantsOf(req, v.auth, q.tenantId);
    const a: Analysis = {
      ...(await analysis(
        store,
        await orderReach(
          v,
          t.shown.map((x) => x.id),
        ),
        q.from,
        q.to,
      )),
      tenantId: t.tenantId,
      tenants: t.all,
    };
    return { a, tenantName: t.tenantId === null ? '全部租户' : t.shown.map((x) => x.name).join('、') };
  }

  app.get(
    DASHBOARD_P.analysis,
    {
      schema: { querystring: analysisQuery, tags, summary: '数据分析：按日/通道/交易类型/客户的交易量与金额、审批时长、失败原因' },
      config: { permission: DASHBOARD_PERMS.view },
    },
    async (req) => sysOk((await analysisOf(req, req.query)).a),
  );

  app.get(
    DASHBOARD_P.exportXls,
    { schema: { querystring: analysisQuery, tags, summary: '数据分析导出 .xlsx' }, config: { permission: DASHBOARD_PERMS.export } },
    async (req, reply) => {
      const { a, tenantName } = await analysisOf(req, req.query);
      return sendXlsx(reply, '数据分析', await analysisXlsx(a, tenantName));
    },
  );
};
