// Demo data of the money core, written once on a database that has the demo tenants but no
// customers yet: customer C0001 (示例企业客户, tenant 1, the customer user's group) and two
// customers of tenant 0 for the operator/approver demo, each with a basic and a settlement
// account, a bound card, and a balance put there by real posted charge entries (so the chain and
// ledger:verify cover them).
import { requestHash } from './hash';
import type { LedgerService } from './service';
import * as A from './accounts';

const DEMO = [
  { tenantId: '1', cusCode: 'C0001', cusName: '示例企业客户', cusType: 'customer', mobile: '13800000004', card: '6222020200112233445', charge: 5_000_000n },
  {
    tenantId: '0',
    cusCode: 'C0101',
    cusName: '上海示例贸易有限公司',
    cusType: 'customer',
    mobile: '13900000101',
    card: '6217000010001234567',
    charge: 20_000_000n,
  },
  {
    tenantId: '0',
    cusCode: 'C0102',
    cusName: '杭州示例供应链有限公司',
    cusType: 'supplier',
    mobile: '13900000102',
    card: '6228480010009876543',
    charge: 8_000_000n,
  },
] as const;

export async function seedLedgerIfEmpty(ledger: LedgerService): Promise<boolean> {
  const store = ledger.store;
  const go = await store.tx(async (c) => {
    await c.query('SELECT pg_advisory_xact_lock(72026004)');
    const [{ n }] = await c.query<{ n: string }>('SELECT count(*)::text AS n FROM customers');
    const [{ t }] = await c.query<{ t: string }>(`SELECT count(*)::text AS t FROM tenants WHERE id IN ('0', '1')`);
    if (n !== '0' || t !== '2') return false;
    for (const d of DEMO) {
      await A.createCustomer(c, { tenantId: d.tenantId, cusCode: d.cusCode, cusName: d.cusName, cusType: d.cusType, mobile: d.mobile });
      const ctx = { tenantId: d.tenantId, key: '', actor: 'system' };
      await A.openAccount(c, { ...ctx, cusCode: d.cusCode, type: 'basic', key: `seed:${d.cusCode}:basic` });
      await A.openAccount(c, { ...ctx, cusCode: d.cusCode, type: 'settlement', key: `seed:${d.cusCode}:settlement` });
      await A.bindCard(c, { tenantId: d.tenantId, cusCode: d.cusCode, cardNo: d.card, holderName: d.cusName, bankName: '中国工商银行', actor: 'system' });
    }
    return true;
  });
  if (!go) return false;
  for (const d of DEMO) {
    const platform = await ledger.platform(d.tenantId);
    const [settlement] = (await A.accountsOf(store, d.tenantId, d.cusCode)).filter((a) => a.acctType === 'settlement');
    const key = `seed:${d.cusCode}:charge`;
    await ledger.post({
      tenantId: d.tenantId,
      kind: 'charge',
      actor: 'system',
      reason: '演示数据：期初充值',
      idempotencyKey: key,
      requestHash: requestHash('seed', { key }),
      lines: [
        { accountNo: settlement.acctNo, amountFen: d.charge },
        { accountNo: platform.bank_settlement, amountFen: -d.charge },
      ],
    });
  }
  return true;
}
