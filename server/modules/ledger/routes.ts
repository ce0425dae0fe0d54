// Money core calls (issue 4) in the business envelope of §7: accounts, account operations,
// customer detail and bank cards. Each call declares its permission code, validates its body with
// the contract's zod schema (amounts: 400 '请输入正确的金额' before anything is read), and acts in
// the request's tenant; a customer user acts only on their own customer (their group's cusCode).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as L from '../../../contract/api/ledger';
import { MERCHANT_PATHS } from '../../../contract/api/merchant';
import { parseYuan } from '../../../contract/money';
import type { ModuleOptions } from '../../context';
import { capOk, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { createBroker } from '../../realtime/broker';
import { listAccounts } from './accountList';
import { listCustomers } from './customerList';
import { ledgerServiceFor, releaseLedgerService } from './instance';
import { accountScopeOf } from './rules';
import { seedLedgerIfEmpty } from './seed';
import type { OpContext } from './service';
import type { PostedEntry } from './posting';

const tags = ['ledger'];
/** The zod schema already refused bad amounts; this only narrows the type. */
const fen = (yuan: string): bigint => parseYuan(yuan)!;
const posted = (e: PostedEntry, extra: Record<string, unknown> = {}) => ({ entryId: e.id, entryNo: e.entryNo, replayed: e.replayed, ...extra });

export const ledgerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const ledger = ledgerServiceFor(deps.db);
  // Fee and split rule flags are kept while the broker delivers the database's change notices.
  ledger.ruleFlags.attach(await createBroker(deps.db, deps.log));
  app.addHook('onClose', async () => {
    ledger.ruleFlags.detach();
    await releaseLedgerService(deps.db);
  });
  if (deps.demo) await seedLedgerIfEmpty(ledger);
  const resumed = await ledger.resumePending();
  if (resumed) deps.log.info(`ledger: resubmitted ${resumed} pending channel orders`);

  const cusScope = new Map<string, string | null>();
  async function ctxOf(req: FastifyRequest): Promise<OpContext> {
    const auth = authOf(req);
    let cusCode: string | null = null;
    if (auth.groupId) {
      if (!cusScope.has(auth.groupId)) {
        const [g] = await ledger.store.query<{ cus_code: string | null; org_type: string }>('SELECT cus_code, org_type FROM groups WHERE id = $1', [
          auth.groupId,
        ]);
        cusScope.set(auth.groupId, g?.org_type === 'cus' ? (g.cus_code ?? '') : null);
      }
      cusCode = cusScope.get(auth.groupId) ?? null;
    }
    return { tenantId: auth.tenantId, actor: auth.user.id, requestId: req.id, cusCode, scope: await accountScopeOf(deps.db, auth) };
  }
  app.post(
    L.LEDGER_PATHS.accountGenerate,
    { schema: { body: L.accountGenerateBody, tags, summary: '开立账户（生成账号）' }, config: { permission: L.LEDGER_PERMS.accountGenerate } },
    async (req) => {
      const b = req.body;
      return capOk(
        { account: await ledger.openAccount(await ctxOf(req), { cusCode: b.cusCode, type: b.acctType, idempotencyKey: b.idempotencyKey }) },
        '开户成功',
      );
    },
  );

  app.post(
    L.LEDGER_PATHS.accountInquiry,
    { schema: { body: L.accountInquiryBody, tags, summary: '客户账户查询' }, config: { permission: L.LEDGER_PERMS.accountInquiry } },
    async (req) => {
      const listData = await ledger.accounts(await ctxOf(req), req.body.cusCode);
      return capOk({ listData });
    },
  );

  app.post(
    L.LEDGER_PATHS.entryInquiry,
    { schema: { body: L.entryInquiryBody, tags, summary: '账户分录查询（分页）' }, config: { permission: L.LEDGER_PERMS.accountInquiry } },
    async (req) => {
      const pageSize = req.body.page?.pageSize ?? 10;
      const pageNum = req.body.page?.pageNum ?? 1;
      const { listData, count } = await ledger.entries(await ctxOf(req), req.body.acctNo, pageNum, pageSize);
      return capOk({ listData, page: { count, pageSize, offset: (pageNum - 1) * pageSize } });
    },
  );

  app.post(
    L.LEDGER_PATHS.holdInquiry,
    { schema: { body: L.holdInquiryBody, tags, summary: '账户冻结记录查询' }, config: { permission: L.LEDGER_PERMS.accountInquiry } },
    async (req) => capOk({ listData: await ledger.holds(await ctxOf(req), req.body.acctNo) }),
  );

  app.post(L.LEDGER_PATHS.freeze, { schema: { body: L.freezeBody, tags, summary: '账户冻结' }, config: { permission: L.LEDGER_PERMS.freeze } }, async (req) => {
    const b = req.body;
    const e = await ledger.freeze(await ctxOf(req), { accountNo: b.acctNo, amountFen: fen(b.amount), reason: b.reason, idempotencyKey: b.idempotencyKey });
    return capOk(posted(e, { holdId: e.holdId }), '冻结成功');
  });

  app.post(
    L.LEDGER_PATHS.unfreeze,
    { schema: { body: L.unfreezeBody, tags, summary: '账户解冻（不超过冻结余额）' }, config: { permission: L.LEDGER_PERMS.unfreeze } },
    async (req) => {
      const b = req.body;
      const e = await ledger.unfreeze(await ctxOf(req), {
        holdId: b.holdId,
        amountFen: b.amount === undefined ? undefined : fen(b.amount),
        reason: b.reason,
        idempotencyKey: b.idempotencyKey,
      });
      return capOk(posted(e, { holdId: e.holdId }), '解冻成功');
    },
  );

  app.post(
    L.LEDGER_PATHS.charge,
    { schema: { body: L.chargeBody, tags, summary: '账户充值（经支付渠道，回调后入账）' }, config: { permission: L.LEDGER_PERMS.charge } },
    async (req) => {
      const b = req.body;
      const order = await ledger.charge(await ctxOf(req), {
        accountNo: b.acctNo,
        amountFen: fen(b.amount),
        reason: b.reason,
        idempotencyKey: b.idempotencyKey,
      });
      return capOk({ order }, '充值已提交，等待渠道确认');
    },
  );

  app.post(
    L.LEDGER_PATHS.withdraw,
    { schema: { body: L.withdrawBody, tags, summary: '账户提现（到已绑定银行卡）' }, config: { permission: L.LEDGER_PERMS.withdraw } },
    async (req) => {
      const b = req.body;
      const order = await ledger.withdraw(await ctxOf(req), {
        accountNo: b.acctNo,
        amountFen: fen(b.amount),
        cardNo: b.cardNo,
        holdId: b.holdId,
        reason: b.reason,
        idempotencyKey: b.idempotencyKey,
      });
      return capOk({ order }, '提现已提交，等待渠道处理');
    },
  );

  app.post(
    L.LEDGER_PATHS.transfer,
    { schema: { body: L.transferBody, tags, summary: '账户转账' }, config: { permission: L.LEDGER_PERMS.transfer } },
    async (req) => {
      const b = req.body;
      const e = await ledger.transfer(await ctxOf(req), {
        fromAccountNo: b.fromAcctNo,
        toAccountNo: b.toAcctNo,
        amountFen: fen(b.amount),
        reason: b.reason,
        idempotencyKey: b.idempotencyKey,
      });
      return capOk(posted(e), '转账成功');
    },
  );

  app.post(
    L.LEDGER_PATHS.orderInquiry,
    { schema: { body: L.orderInquiryBody, tags, summary: '充值/提现交易查询' }, config: { permission: L.LEDGER_PERMS.accountInquiry } },
    async (req) => capOk({ order: await ledger.order(await ctxOf(req), req.body.orderId) }),
  );

  app.get(
    MERCHANT_PATHS.customerList,
    {
      schema: { querystring: z.looseObject({}), tags, summary: '客户列表（列表参数：分页、排序、筛选、高级查询；只读）' },
      config: { permission: L.LEDGER_PERMS.customerInfo },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      return sysOk(await listCustomers(deps.db, { tenantId: ctx.tenantId, cusCode: ctx.cusCode ?? null }, req.query as Record<string, unknown>));
    },
  );

  app.get(
    L.ACCOUNT_LIST_PATH,
    {
      schema: { querystring: z.looseObject({}), tags, summary: '账户列表（本租户客户的账户；列表参数：分页、排序、筛选、高级查询；只读）' },
      config: { permission: L.LEDGER_PERMS.accountInquiry },
    },
    async (req) => {
      const ctx = await ctxOf(req);
      return sysOk(
        await listAccounts(deps.db, { tenantId: ctx.tenantId, cusCode: ctx.cusCode ?? null, rules: ctx.scope ?? null }, req.query as Record<string, unknown>),
      );
    },
  );

  app.post(
    L.LEDGER_PATHS.customerStatus,
    { schema: { body: L.customerStatusBody, tags, summary: '客户启用/停用' }, config: { permission: L.LEDGER_PERMS.customerStatus } },
    async (req) => {
      const ctx = await ctxOf(req);
      const customer = await ledger.setCustomerStatus(ctx, req.body.cusCode, req.body.status, req.body.reason);
      return capOk({ customer }, req.body.status === 'enabled' ? '启用成功' : '停用成功');
    },
  );

  app.post(
    L.LEDGER_PATHS.bankCardBind,
    { schema: { body: L.bankCardBindBody, tags, summary: '绑定银行卡' }, config: { permission: L.LEDGER_PERMS.bankCardBind } },
    async (req) => {
      const b = req.body;
      return capOk(
        { card: await ledger.bindCard(await ctxOf(req), { cusCode: b.cusCode, cardNo: b.cardNo, holderName: b.holderName, bankName: b.bankName }) },
        '绑定成功',
      );
    },
  );

  app.post(
    L.LEDGER_PATHS.bankCardInquiry,
    { schema: { body: L.bankCardInquiryBody, tags, summary: '已绑定银行卡查询' }, config: { permission: L.LEDGER_PERMS.accountInquiry } },
    async (req) => capOk({ listData: await ledger.cards(await ctxOf(req), req.body.cusCode) }),
  );
};
