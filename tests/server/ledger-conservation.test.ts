// Conservation: many workers run random money operations at once on the real PostgreSQL (and a
// smaller run on PGlite); afterwards no fen was created or lost and every invariant holds. Fees
// (issue 18: transfer, withdrawal and top-up rules) and standing split rules are in force, so the
// same run proves them: fee income equals the fees recorded, and every split loses no fen.
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers';
import { SettlementService } from '../../server/modules/settle/settlement';
import { SupervisionService } from '../../server/modules/supervise/service';
import { attempt, ctxOf, expectLedgerSound, fundedAccounts, ledgerSuite } from './ledgerKit';

const SIZES = { postgres: { workers: 20, ops: 500, customers: 40 }, pglite: { workers: 4, ops: 100, customers: 10 } } as const;

describe.each(BACKENDS)('ledger conservation (%s)', (backend) => {
  const s = ledgerSuite(backend, 20, [0, 5]);

  it('random transfers, freezes, unfreezes, withdrawals and charges conserve money', async () => {
    const size = SIZES[backend];
    const { ledger } = s.f;
    const accounts = await fundedAccounts(ledger, 'CV', size.customers, 3_000n * 100n);
    // Two customers are disabled: their debits must be refused, credits still land.
    for (const cusCode of [accounts[0].cusCode, accounts[2].cusCode]) await ledger.setCustomerStatus(ctxOf(), cusCode, 'disabled', '守恒测试');
    await feesAndSplits(accounts);
    const holds: string[] = [];
    const refusals: Record<string, number> = {};
    const done: Record<string, number> = {};
    const history: (() => Promise<unknown>)[] = [];
    const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
    // Amounts up to 500.00, some ending in .99 (the channel fails those).
    const amount = () => (Math.random() < 0.1 ? BigInt(Math.floor(Math.random() * 500)) * 100n + 99n : BigInt(1 + Math.floor(Math.random() * 50_000)));
    let seq = 0;

    const started = Date.now();
    await Promise.all(
      Array.from({ length: size.workers }, async (_, w) => {
        for (let i = 0; i < size.ops; i++) {
          const key = `cv-${w}-${i}-${seq++}`;
          const r = Math.random();
          const a = pick(accounts);
          let kind: string;
          let op: () => Promise<unknown>;
          if (r < 0.35) {
            const b = pick(accounts.filter((x) => x !== a));
            kind = 'transfer';
            const amt = amount();
            op = () =>
              ledger.transfer(ctxOf(), { fromAccountNo: a.accountNo, toAccountNo: b.accountNo, amountFen: amt, reason: '随机转账', idempotencyKey: key });
          } else if (r < 0.5) {
            kind = 'freeze';
            const amt = amount();
            op = async () =>
              holds.push((await ledger.freeze(ctxOf(), { accountNo: a.accountNo, amountFen: amt, reason: '随机冻结', idempotencyKey: key })).holdId!);
          } else if (r < 0.62 && holds.length) {
            kind = 'unfreeze';
            const hold = pick(holds);
            const partial = Math.random() < 0.3 ? 1n + BigInt(Math.floor(Math.random() * 1000)) : undefined;
            op = () => ledger.unfreeze(ctxOf(), { holdId: hold, amountFen: partial, reason: '随机解冻', idempotencyKey: key });
          } else if (r < 0.8) {
            const capture = holds.length && Math.random() < 0.4 ? pick(holds) : undefined;
            kind = capture ? 'withdraw-frozen' : 'withdraw';
            const amt = capture ? BigInt(1 + Math.floor(Math.random() * 2000)) : amount();
            // The card of the hold's account is found through the account, so use a's card only without a hold.
            op = async () => {
              const target = capture ? await holdAccount(capture) : a;
              return ledger.withdraw(ctxOf(), {
                accountNo: target.accountNo,
                amountFen: amt,
                cardNo: target.cardNo,
                holdId: capture,
                reason: '随机提现',
                idempotencyKey: key,
              });
            };
          } else if (r < 0.93) {
            kind = 'charge';
            const amt = amount();
            op = () => ledger.charge(ctxOf(), { accountNo: a.accountNo, amountFen: amt, reason: '随机充值', idempotencyKey: key });
          } else {
            // Replay an earlier operation: same key, same body → nothing new.
            kind = 'replay';
            op = history.length ? pick(history) : async () => undefined;
          }
          if (kind !== 'replay') history.push(op);
          const res = await attempt(op);
          if (res.ok) done[kind] = (done[kind] ?? 0) + 1;
          else refusals[res.reason] = (refusals[res.reason] ?? 0) + 1;
        }
      }),
    );
    await ledger.channel.idle();
    const elapsed = Date.now() - started;

    async function feesAndSplits(all: typeof accounts) {
      // Approved rules written as a maker and a checker would have left them (four eyes is tested in fees.test.ts).
      const rule = (id: string, tx: string, method: string, fixed: number, ppm: number, min: number | null, max: number | null) =>
        s.f.store.query(
          `INSERT INTO fee_rules (id, tenant_id, scope, scope_ref, product, tx_type, version, method, fixed_fen, rate_ppm, min_fen, max_fen, effective_from, status, maker_id, approver_id)
           VALUES ($1, '0', 'platform', '', '*', $2, 1, $3, $4, $5, $6, $7, now() - interval '1 minute', 'approved', 'u-operator', 'u-approver')`,
          [id, tx, method, fixed, ppm, min, max],
        );
      await rule(`cv-transfer-${backend}`, 'transfer', 'percent', 0, 3_800, 10, 500);
      await rule(`cv-withdraw-${backend}`, 'withdraw', 'fixed', 200, 0, null, null);
      await rule(`cv-topup-${backend}`, 'topup', 'percent', 0, 1_000, 1, null);
      // Every fourth customer splits what arrives on its first account: 30% to the next customer, the rest to its own second account.
      for (let i = 4; i + 2 < all.length; i += 4) {
        const src = all[i];
        const own = all.find((a) => a.cusCode === src.cusCode && a.accountNo !== src.accountNo)!;
        await s.f.store.query(
          `INSERT INTO split_rules (id, tenant_id, cus_code, version, source_acct_no, mode, receivers, remainder_acct_no, effective_from, status, maker_id, approver_id)
           VALUES ($1, '0', $2, 1, $3, 'ratio', $4::jsonb, $5, now() - interval '1 minute', 'approved', 'u-operator', 'u-approver')`,
          [`cv-split-${backend}-${i}`, src.cusCode, src.accountNo, JSON.stringify([{ acctNo: all[i + 2].accountNo, ratio: '30' }]), own.accountNo],
        );
      }
    }

    async function holdAccount(holdId: string) {
      const [h] = await s.f.store.query<{ account_no: string }>('SELECT a.account_no FROM holds h JOIN accounts a ON a.id = h.account_id WHERE h.id = $1', [
        holdId,
      ]);
      return accounts.find((x) => x.accountNo === h.account_no)!;
    }

    const report = await expectLedgerSound(s.f.store);
    // Fees: the fee income account holds exactly the fees recorded (charged − given back); splits lose no fen.
    const [fees] = await s.f.store.query<{ income: string; recorded: string; charged: string; splits: string; bad: string }>(
      `SELECT (SELECT balance::text FROM accounts WHERE tenant_id = '0' AND account_type = 'fee_income') AS income,
              (SELECT COALESCE(sum(fee_fen), 0)::text FROM fee_charges WHERE tenant_id = '0') AS recorded,
              (SELECT count(*)::text FROM fee_charges WHERE tenant_id = '0' AND fee_fen > 0) AS charged,
              (SELECT count(*)::text FROM split_entries WHERE tenant_id = '0') AS splits,
              (SELECT count(*)::text FROM split_entries e WHERE e.amount <> (SELECT sum((l->>'amountFen')::bigint) FROM jsonb_array_elements(e.lines) l)) AS bad`,
    );
    expect(BigInt(fees.income ?? '0')).toBe(BigInt(fees.recorded));
    expect(Number(fees.charged)).toBeGreaterThan(0);
    expect(Number(fees.splits)).toBeGreaterThan(0);
    expect(fees.bad).toBe('0');
    const [orders] = await s.f.store.query<{ ok: string; failed: string }>(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::text AS ok, count(*) FILTER (WHERE status = 'failed')::text AS failed FROM channel_orders`,
    );
    console.log(
      `[conservation ${backend}] ${size.workers} workers × ${size.ops} ops over ${accounts.length} accounts in ${elapsed} ms: ` +
        `${report.entries} entries, ${report.postings} postings, ${report.holds} holds; channel orders ${orders.ok} succeeded / ${orders.failed} failed\n` +
        `  done: ${JSON.stringify(done)}\n  refused: ${JSON.stringify(refusals)}`,
    );
    const allowed = new Set(['可用余额不足', '该冻结已解除或已扣划，不能重复操作', '金额不能超过冻结余额', '客户已停用，不能进行该操作', '冻结记录不存在']);
    for (const reason of Object.keys(refusals)) expect(allowed, `unexpected refusal: ${reason}`).toContain(reason);
    expect(refusals['客户已停用，不能进行该操作']).toBeGreaterThan(0);
    expect(Number(orders.failed)).toBeGreaterThan(0);
  }, 180_000);

  // Issue 18 §3-§4, kept apart from the run above: settlements (paid, failed and reversed, retried)
  // and supervision (deposits, releases and refunds decided by another person) racing transfers.
  it('settlements and supervised releases among random transfers conserve money; funds equal their accounts', async () => {
    const { ledger } = s.f;
    const size = backend === 'postgres' ? { workers: 10, ops: 60, customers: 12 } : { workers: 3, ops: 25, customers: 4 };
    const accounts = await fundedAccounts(ledger, 'CS', size.customers, 2_000n * 100n);
    const settlement = new SettlementService(ledger);
    const sv = new SupervisionService(ledger);
    await ledger.createCustomer({ tenantId: '0', cusCode: 'CSSUP', cusName: '守恒测试供应商', cusType: 'supplier' });
    await ledger.openAccount(ctxOf(), { cusCode: 'CSSUP', type: 'basic', idempotencyKey: 'open:CSSUP:basic' });
    const who = (actor: string) => ({ tenantId: '0', actor, actorName: actor, cusCode: null });
    // A delivery note every release names (as if uploaded).
    const evidence = 'files/0/supervise/cs-evidence.pdf';
    await s.t.sql(
      `INSERT INTO uploaded_files (id, tenant_id, bucket, path, file_name, content_type, size, is_image, uploader_id, uploader_name)
       VALUES ('f-cs-evidence', '0', 'supervise', $1, '交付单.pdf', 'application/pdf', 10, false, 'u-operator', '操作员') ON CONFLICT DO NOTHING`,
      [evidence],
    );
    const codes = [...new Set(accounts.map((a) => a.cusCode))];
    const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
    const amount = () => BigInt(1 + Math.floor(Math.random() * 30_000)) + (Math.random() < 0.2 ? 99n - BigInt(Math.floor(Math.random() * 30_000) % 100) : 0n);
    const funds: string[] = [];
    const refusals: Record<string, number> = {};
    let seq = 0;
    await Promise.all(
      Array.from({ length: size.workers }, async (_, w) => {
        for (let i = 0; i < size.ops; i++) {
          const key = `cs-${w}-${i}-${seq++}`;
          const r = Math.random();
          const cus = pick(codes);
          let op: () => Promise<unknown>;
          if (r < 0.3) {
            const [a, b] = [pick(accounts), pick(accounts)];
            op = () =>
              a === b
                ? Promise.resolve()
                : ledger.transfer(ctxOf(), {
                    fromAccountNo: a.accountNo,
                    toAccountNo: b.accountNo,
                    amountFen: amount(),
                    reason: '随机转账',
                    idempotencyKey: key,
                  });
          } else if (r < 0.5) {
            op = () => settlement.run(ctxOf(), { trigger: 'manual', cusCodes: [cus], idempotencyKey: key });
          } else if (r < 0.6) {
            op = async () => {
              await settlement.refresh('0');
              const [failed] = await ledger.store.query<{ id: string }>(`SELECT id FROM settle_items WHERE status = 'failed' ORDER BY random() LIMIT 1`);
              if (failed) await settlement.retry(ctxOf(), failed.id);
            };
          } else if (r < 0.75) {
            op = async () => {
              const { fundId } = await sv.deposit(who('u-operator'), {
                cusCode: cus,
                supplierCode: 'CSSUP',
                contractNo: `HT-${cus}`,
                amountFen: amount(),
                idempotencyKey: key,
              });
              funds.push(fundId);
            };
          } else if (funds.length) {
            const fundId = pick(funds);
            op = async () => {
              const kind = Math.random() < 0.6 ? 'release' : 'refund';
              const { requestId } = await sv.raise(who('u-operator'), {
                fundId,
                kind,
                amountFen: amount(),
                reason: '随机',
                filePaths: [evidence],
                idempotencyKey: key,
              });
              await sv.decide(who('u-approver'), requestId, Math.random() < 0.8 ? { approve: true } : { approve: false, reason: '随机驳回' });
            };
          } else op = async () => undefined;
          const res = await attempt(op);
          if (!res.ok) refusals[res.reason] = (refusals[res.reason] ?? 0) + 1;
        }
      }),
    );
    await ledger.channel.idle();
    await settlement.refresh('0');
    await expectLedgerSound(s.f.store);
    const allowed = new Set(['可用余额不足', '申请金额超过可用监管余额', '没有可结算的余额', '只有结算失败的明细可以重试或人工处理']);
    for (const reason of Object.keys(refusals)) expect(allowed, `unexpected refusal: ${reason}`).toContain(reason);
    // Every fund equals its share of the supervised account; nothing reserved remains (all decided).
    const [sv_] = await s.f.store.query<{ bad: number; reserved: string }>(
      `SELECT (SELECT count(*) FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE a.account_type = 'supervised'
                AND a.balance <> (SELECT COALESCE(sum(f.balance), 0) FROM sv_funds f WHERE f.tenant_id = cu.tenant_id AND f.cus_code = cu.cus_code))::int AS bad,
              (SELECT COALESCE(sum(reserved), 0) FROM sv_funds)::text AS reserved`,
    );
    expect(sv_).toEqual({ bad: 0, reserved: '0' });
    // Every settlement item agrees with its channel order; what succeeded left the settlement accounts.
    const [items] = await s.f.store.query<{ open: number; mismatch: number }>(
      `SELECT count(*) FILTER (WHERE i.status IN ('queued', 'pending'))::int AS open,
              count(*) FILTER (WHERE o.id IS NOT NULL AND i.status IN ('succeeded', 'failed') AND i.status <> o.status)::int AS mismatch
         FROM settle_items i LEFT JOIN channel_orders o ON o.id = i.channel_order_id`,
    );
    expect(items).toEqual({ open: 0, mismatch: 0 });
    const [moved] = await s.f.store.query<{ releases: number; settled: number }>(
      `SELECT (SELECT count(*) FROM sv_requests WHERE kind = 'release' AND status = 'approved')::int AS releases,
              (SELECT count(*) FROM settle_items WHERE status = 'succeeded')::int AS settled`,
    );
    expect(moved.releases).toBeGreaterThan(0);
    expect(moved.settled).toBeGreaterThan(0);
  }, 180_000);
});
