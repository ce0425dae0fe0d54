// Demo data of fund supervision (only where demo data is asked for): the demo customer C0101 of
// tenant 0 holds 50,000.00 in supervision for the demo supplier C0102 under contract HT-2026-001,
// put there by real ledger entries (a charge to its basic account, then the deposit).
import { requestHash } from '../ledger/hash';
import type { SupervisionService } from './service';

export async function seedSupervisionDemo(sv: SupervisionService): Promise<boolean> {
  const store = sv.ledger.store;
  const [ready] = await store.query<{ n: number; funds: number }>(
    `SELECT (SELECT count(*) FROM customers WHERE tenant_id = '0' AND cus_code IN ('C0101', 'C0102'))::int AS n,
            (SELECT count(*) FROM sv_funds WHERE tenant_id = '0')::int AS funds`,
  );
  if (ready.n !== 2 || ready.funds > 0) return false;
  const [basic] = await store.query<{ account_no: string }>(
    `SELECT a.account_no FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE cu.tenant_id = '0' AND cu.cus_code = 'C0101' AND a.account_type = 'basic'`,
  );
  if (!basic) return false;
  const platform = await sv.ledger.platform('0');
  const key = 'seed:sv:C0101:charge';
  await sv.ledger.post({
    tenantId: '0',
    kind: 'charge',
    actor: 'system',
    reason: '演示数据：监管资金来源充值',
    idempotencyKey: key,
    requestHash: requestHash('seed', { key }),
    lines: [
      { accountNo: basic.account_no, amountFen: 10_000_000n },
      { accountNo: platform.bank_settlement, amountFen: -10_000_000n },
    ],
  });
  await sv.deposit(
    { tenantId: '0', actor: 'system', actorName: '系统', cusCode: null },
    { cusCode: 'C0101', supplierCode: 'C0102', contractNo: 'HT-2026-001', amountFen: 5_000_000n, idempotencyKey: 'seed:sv:C0101:deposit' },
  );
  return true;
}
