// Issue 18 §3 on PGlite and PostgreSQL: a settlement batch with a failure (the channel refuses an
// amount ending in .99; the reversing entry restores the funds) and its retry; T+1 cut-off and
// keep-back; a reconciliation day with every kind of difference (the statement's planted rule),
// run twice with the same result, through the scheduled job (定时任务 with its run); resolving
// differences (provider wrong; an adjust approved by a second person, never the proposer) and
// closing the day only when nothing is open; bad input → 4xx.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PATHS, type JobRun } from '../../contract/api/jobs';
import { SETTLE_MSG, SETTLE_P, type ReconItemRow, type SettleBatchRow, type SettleItemRow } from '../../contract/api/settle';
import { SIMULATED_FAILURE } from '../../server/adapters/channel/simulator';
import { statementLines } from '../../server/adapters/channel/statement';
import { requestHash } from '../../server/modules/ledger/hash';
import { ledgerServiceFor } from '../../server/modules/ledger/instance';
import type { LedgerService } from '../../server/modules/ledger/service';
import { ReconciliationService, reconOpenCount } from '../../server/modules/settle/reconcile';
import { SettlementService, cstDay } from '../../server/modules/settle/settlement';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';
import { expectLedgerSound, fundedAccounts } from './ledgerKit';

process.env.CHANNEL_LATENCY_MS = '2-10';
const ctx = { tenantId: '0', actor: 'u-operator' };

describe.each(BACKENDS)('settlement and reconciliation on %s', (backend) => {
  let t: TestApp;
  let ledger: LedgerService;
  let tok: { admin: string; operator: string; approver: string };
  beforeAll(async () => {
    process.env.CHANNEL_STATEMENT_DIR = mkdtempSync(path.join(tmpdir(), `boss-stmt-${backend}-`));
    t = await startApp(backend);
    ledger = ledgerServiceFor(t.database.db);
    const [admin, operator, approver] = await Promise.all(['admin', 'operator', 'approver'].map((u) => login(t.app, u)));
    tok = { admin: admin.token, operator: operator.token, approver: approver.token };
  }, 120_000);
  afterAll(async () => t?.close());

  const api = async (method: 'GET' | 'POST', p: string, body: unknown, who: keyof typeof tok = 'operator', query?: Record<string, string>) => {
    const res = await call(t.app, method, p, body, { token: tok[who], query });
    return { code: res.statusCode, json: res.json() };
  };
  const balance = async (acctNo: string) => {
    const [r] = await t.sql<{ balance: string; frozen: string }>('SELECT balance::text, frozen::text FROM accounts WHERE account_no = $1', [acctNo]);
    return BigInt(r.balance) - BigInt(r.frozen);
  };
  const credit = async (acctNo: string, fen: bigint, key: string) => {
    const platform = await ledger.platform('0');
    await ledger.post({
      tenantId: '0',
      kind: 'charge',
      actor: 'test',
      reason: '测试入账',
      idempotencyKey: key,
      requestHash: requestHash('t', { key }),
      lines: [
        { accountNo: acctNo, amountFen: fen },
        { accountNo: platform.bank_settlement, amountFen: -fen },
      ],
    });
  };
  const settled = async () => {
    await ledger.channel.idle();
    await new SettlementService(ledger).refresh('0');
  };

  it('settles a batch; a failure is reversed, then retried; handled items and keep-back', async () => {
    // Three customers: one pays 1,000.00, one 1,000.99 (the channel refuses .99), one keeps 300.00 back.
    const accts = (await fundedAccounts(ledger, 'ST', 3, 0n, ['settlement'])).map((a) => a.accountNo);
    await credit(accts[0], 100_000n, 'st-a');
    await credit(accts[1], 100_099n, 'st-b');
    await credit(accts[2], 100_000n, 'st-c');
    const rule = await api('POST', SETTLE_P.ruleSave, { cusCode: 'ST0002', cycle: 'T1', keepBack: '300.00' });
    expect(rule.code, JSON.stringify(rule.json)).toBe(200);

    const run = await api('POST', SETTLE_P.run, { cusCodes: ['ST0000', 'ST0001', 'ST0002'], idempotencyKey: 'settle-run-0001' });
    expect(run.code, JSON.stringify(run.json)).toBe(200);
    const batchId = run.json.result.batchId as string;
    await settled();
    // The same request again is the same batch: nobody is paid twice.
    const again = await api('POST', SETTLE_P.run, { cusCodes: ['ST0000', 'ST0001', 'ST0002'], idempotencyKey: 'settle-run-0001' });
    expect(again.json.result).toEqual({ batchId, items: 0 });

    const items = async () =>
      ((await api('GET', SETTLE_P.itemList, undefined, 'operator', { batchId, pageSize: '50' })).json.result.records as SettleItemRow[]).sort((a, b) =>
        a.cusCode.localeCompare(b.cusCode),
      );
    let rows = await items();
    expect(rows.map((r) => [r.cusCode, r.amount, r.status])).toEqual([
      ['ST0000', '1000.00', 'succeeded'],
      ['ST0001', '1000.99', 'failed'],
      ['ST0002', '700.00', 'succeeded'],
    ]);
    expect(rows[1].failReason).toBe(SIMULATED_FAILURE);
    // The reversal restored the failed amount; the kept-back 300.00 stays.
    expect([await balance(accts[0]), await balance(accts[1]), await balance(accts[2])]).toEqual([0n, 100_099n, 30_000n]);
    const [batch] = (await api('GET', SETTLE_P.batchList, undefined, 'approver')).json.result.records as SettleBatchRow[];
    expect(batch).toMatchObject({ id: batchId, status: 'partial', itemCount: 3, succeeded: 2, failed: 1, paid: '1700.00' });
    const [{ n: reversals }] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal_entries WHERE kind = 'withdraw_reverse' AND reverses IS NOT NULL AND reason LIKE '%.99%'`,
    );
    expect(reversals).toBe(1);

    // Retrying a succeeded item is refused; an approver has no retry button.
    expect((await api('POST', SETTLE_P.itemRetry, { itemId: rows[0].id })).json.message).toBe(SETTLE_MSG.notFailed);
    expect((await api('POST', SETTLE_P.itemRetry, { itemId: rows[1].id }, 'approver')).code).toBe(403);
    // The customer receives 0.01 more; the retry pays what is payable now (1,001.00) and succeeds.
    await credit(accts[1], 1n, 'st-b2');
    const retried = await Promise.all([1, 2].map(() => api('POST', SETTLE_P.itemRetry, { itemId: rows[1].id })));
    expect(retried.map((r) => r.code).sort()).toEqual([200, 409]);
    await settled();
    rows = await items();
    expect(rows[1]).toMatchObject({ amount: '1001.00', status: 'succeeded', attempts: 2 });
    expect(await balance(accts[1])).toBe(0n);
    const [done] = (await api('GET', SETTLE_P.batchList, undefined, 'approver')).json.result.records as SettleBatchRow[];
    expect(done).toMatchObject({ status: 'completed', succeeded: 3, failed: 0, paid: '2701.00' });

    // A failure an operator handles instead (funds stay on the account).
    await credit(accts[0], 50_099n, 'st-a2');
    const second = await api('POST', SETTLE_P.run, { cusCodes: ['ST0000'], idempotencyKey: 'settle-run-0002' });
    await settled();
    const [failed] = (await api('GET', SETTLE_P.itemList, undefined, 'operator', { batchId: second.json.result.batchId })).json.result
      .records as SettleItemRow[];
    expect(failed.status).toBe('failed');
    expect((await api('POST', SETTLE_P.itemHandle, { itemId: failed.id, reason: '' })).code).toBe(400);
    expect((await api('POST', SETTLE_P.itemHandle, { itemId: failed.id, reason: '客户更换银行卡，下个周期结算' })).code).toBe(200);
    expect((await api('POST', SETTLE_P.itemHandle, { itemId: failed.id, reason: '再次' })).code).toBe(409);
    expect(await balance(accts[0])).toBe(50_099n);
    // Nothing payable: 409 with the reason.
    expect((await api('POST', SETTLE_P.run, { cusCodes: ['ST0001'], idempotencyKey: 'settle-run-0003' })).json.message).toBe(SETTLE_MSG.nothingPayable);
    await expectLedgerSound(ledger.store);
  });

  it('the T+1 cycle pays only what was there at the cut-off, once per day, through the scheduled job', async () => {
    const [acct] = (await fundedAccounts(ledger, 'TA', 1, 0n, ['settlement'])).map((a) => a.accountNo);
    await credit(acct, 20_000n, 'ta-1');
    // Cut off at the start of tomorrow: the 200.00 credited today is payable.
    const s = new SettlementService(ledger);
    const tomorrow = cstDay(new Date(), 1);
    const first = await s.run({ tenantId: '0', actor: 'system' }, { trigger: 'scheduled', day: tomorrow, idempotencyKey: 'x' });
    await settled();
    const [item] = await t.sql<{ amount: string; status: string }>(
      `SELECT amount::text, status FROM settle_items WHERE batch_id = $1 AND cus_code = 'TA0000'`,
      [first.batchId],
    );
    expect(item).toEqual({ amount: '20000', status: 'succeeded' });
    // The job for that day again: the same batch continues; nobody is paid twice.
    const job = await call(t.app, 'GET', JOB_PATHS.execute, undefined, { token: tok.admin, query: { id: 'job-settle-cycle' } });
    expect(job.statusCode, job.body).toBe(200);
    const again = await s.run({ tenantId: '0', actor: 'system' }, { trigger: 'scheduled', day: tomorrow, idempotencyKey: 'x' });
    expect(again).toEqual({ batchId: first.batchId, items: 0 });
    // A T+1 cut-off at the start of yesterday: this account had nothing then.
    await credit(acct, 5_000n, 'ta-2');
    const yesterday = await s.run({ tenantId: '0', actor: 'system' }, { trigger: 'scheduled', day: cstDay(new Date(), -1), idempotencyKey: 'y' });
    const mine = await t.sql(`SELECT 1 FROM settle_items WHERE batch_id = $1 AND cus_code = 'TA0000'`, [yesterday.batchId]);
    expect(mine).toEqual([]);
  });

  it('reconciles a day with every kind of difference; a second run gives the same result; differences are resolved and the day closed', async () => {
    // Orders of today: charges completed by the channel (plus the withdrawals above).
    const [acct] = (await fundedAccounts(ledger, 'RC', 1, 0n, ['settlement'])).map((a) => a.accountNo);
    for (let i = 0; i < 8; i++) await ledger.charge(ctx, { accountNo: acct, amountFen: BigInt(10_000 + i), reason: '对账测试充值', idempotencyKey: `rc-${i}` });
    await settled();
    const day = cstDay();
    const ours = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM channel_orders WHERE tenant_id = '0' AND status = 'succeeded'`);
    const n = ours[0].n;
    const every = 20;
    const expected = {
      missingTheirs: Array.from({ length: n }, (_, i) => i).filter((i) => i % every === 1).length,
      amountDiffers: Array.from({ length: n }, (_, i) => i).filter((i) => i % every === 2).length,
      missingOurs: 1,
    };
    // Through the scheduled job (定时任务), for today.
    await t.sql(`UPDATE jobs SET parameter = $1 WHERE id = 'job-channel-reconcile'`, [JSON.stringify({ day })]);
    const job = await call(t.app, 'GET', JOB_PATHS.execute, undefined, { token: tok.admin, query: { id: 'job-channel-reconcile' } });
    expect(job.statusCode, job.body).toBe(200);
    const jobRun = job.json().result as JobRun;
    expect(jobRun.status, jobRun.error ?? '').toBe('success');
    expect(jobRun.result).toContain(`我方缺失${expected.missingOurs}`);

    const itemsOf = async () => {
      const r = await api('GET', SETTLE_P.reconItems, undefined, 'operator', { day, pageSize: '100' });
      expect(r.code).toBe(200);
      return (r.json.result.records as ReconItemRow[]).map(({ updateTime: _u, ...rest }) => rest);
    };
    const before = await itemsOf();
    const kinds = (k: string) => before.filter((i) => i.kind === k).length;
    expect({ missingTheirs: kinds('missing_theirs'), amountDiffers: kinds('amount_differs'), missingOurs: kinds('missing_ours') }).toEqual(expected);
    const differs = before.find((i) => i.kind === 'amount_differs')!;
    expect(BigInt(Math.round(Number(differs.theirAmount) * 100)) - BigInt(Math.round(Number(differs.ourAmount) * 100))).toBe(1n);
    const lines = await statementLines(ledger.store, '0', day);
    expect(lines.length).toBe(n - expected.missingTheirs + 1);

    // The same day again, through the call: the same differences, the same counts.
    const second = await api('POST', SETTLE_P.reconRun, { day });
    expect(second.code, JSON.stringify(second.json)).toBe(200);
    expect(second.json.result).toMatchObject({
      ...expected,
      statementLines: n - expected.missingTheirs + 1,
      ourOrders: n,
      matched: n - expected.missingTheirs - expected.amountDiffers,
    });
    expect(await itemsOf()).toEqual(before);
    const [dayRow] = (await api('GET', SETTLE_P.reconDays, undefined, 'approver')).json.result.records;
    expect(dayRow).toMatchObject({ day, status: 'open', runs: 2, open: before.length });
    expect(await reconOpenCount(ledger.store, '0')).toBe(before.length);

    // Closing is refused while anything is open.
    expect((await api('POST', SETTLE_P.reconClose, { day }, 'approver')).json.message).toBe(SETTLE_MSG.openLeft(before.length));
    const missingOurs = before.find((i) => i.kind === 'missing_ours')!;
    // An adjust: proposed by admin, admin may not approve it; the approver does; it posts to suspense.
    expect((await api('POST', SETTLE_P.reconProposeAdjust, { id: missingOurs.id, reason: '渠道多记一笔，挂账待查' }, 'admin')).code).toBe(200);
    const own = await api('POST', SETTLE_P.reconApproveAdjust, { id: missingOurs.id }, 'admin');
    expect([own.code, own.json.message]).toEqual([403, SETTLE_MSG.ownAdjust]);
    expect((await api('POST', SETTLE_P.reconApproveAdjust, { id: missingOurs.id }, 'operator')).code).toBe(403);
    const platform = await ledger.platform('0');
    const suspenseBefore = await balance(platform.suspense);
    expect((await api('POST', SETTLE_P.reconApproveAdjust, { id: missingOurs.id }, 'approver')).code).toBe(200);
    expect((await balance(platform.suspense)) - suspenseBefore).toBe(12_345n);
    expect((await api('POST', SETTLE_P.reconApproveAdjust, { id: missingOurs.id }, 'approver')).json.message).toBe(SETTLE_MSG.notAdjustPending);
    // The rest: the provider is wrong (a reason is required).
    expect((await api('POST', SETTLE_P.reconProviderWrong, { id: differs.id, reason: ' ' })).code).toBe(400);
    for (const i of before.filter((x) => x.id !== missingOurs.id)) {
      const r = await api('POST', SETTLE_P.reconProviderWrong, { id: i.id, reason: '渠道对账单有误，已与渠道确认' });
      expect(r.code, JSON.stringify(r.json)).toBe(200);
    }
    expect((await api('POST', SETTLE_P.reconProviderWrong, { id: differs.id, reason: '再次' })).json.message).toBe(SETTLE_MSG.notOpen);
    expect((await api('POST', SETTLE_P.reconClose, { day }, 'approver')).code).toBe(200);
    expect((await api('POST', SETTLE_P.reconClose, { day }, 'approver')).json.message).toBe(SETTLE_MSG.dayClosed);
    // A re-run of the closed day changes nothing: same differences and resolutions, still closed.
    const third = await new ReconciliationService(ledger).run(ctx, day);
    expect(third.open).toBe(0);
    const after = await itemsOf();
    expect(after.map((i) => [i.id, i.kind, i.ourAmount, i.theirAmount])).toEqual(before.map((i) => [i.id, i.kind, i.ourAmount, i.theirAmount]));
    const [closed] = (await api('GET', SETTLE_P.reconDays, undefined, 'approver')).json.result.records;
    expect(closed).toMatchObject({ status: 'closed', open: 0, runs: 3 });
    await expectLedgerSound(ledger.store);
  });

  it('bad input is a 4xx with the message, never a 500; customer users and other tenants are refused', async () => {
    const bad: [string, unknown, number, string?][] = [
      [SETTLE_P.reconRun, { day: '2026-13-40' }, 400, SETTLE_MSG.dayInvalid],
      [SETTLE_P.reconRun, { day: '2999-01-01' }, 400, SETTLE_MSG.dayFuture],
      [SETTLE_P.reconRun, {}, 400],
      [SETTLE_P.reconProviderWrong, { id: 'nope', reason: '原因' }, 404, SETTLE_MSG.reconItemNotFound],
      [SETTLE_P.reconProposeAdjust, { id: 'x'.repeat(65), reason: '原因' }, 400],
      [SETTLE_P.reconClose, { day: '2001-01-01' }, 404, SETTLE_MSG.notReconciled],
      [SETTLE_P.itemRetry, { itemId: 'nope' }, 404, SETTLE_MSG.itemNotFound],
      [SETTLE_P.itemHandle, { itemId: 'nope', reason: 'x'.repeat(201) }, 400, SETTLE_MSG.reasonTooLong],
      [SETTLE_P.run, { cusCodes: [], idempotencyKey: 'k-0000001' }, 400],
      [SETTLE_P.run, { cusCodes: ['NOPE'], idempotencyKey: 'k-0000002' }, 409, SETTLE_MSG.nothingPayable],
      [SETTLE_P.ruleSave, { cusCode: 'C0101', cycle: 'T1', keepBack: '-1' }, 400, '请输入正确的金额'],
      [SETTLE_P.ruleSave, { cusCode: 'C0101', cycle: 'T7', keepBack: '1' }, 400],
      [SETTLE_P.ruleSave, { cusCode: 'NOPE', cycle: 'T1', keepBack: '0' }, 404, SETTLE_MSG.ruleNotFound],
    ];
    for (const [p, body, code, message] of bad) {
      const r = await api('POST', p, body, 'admin');
      expect(r.code, `${p} ${JSON.stringify(body)} → ${JSON.stringify(r.json)}`).toBe(code);
      if (message) expect(r.json.message).toBe(message);
    }
    expect((await api('GET', SETTLE_P.itemList, undefined, 'operator', { pageSize: '1000' })).code).toBe(400);
    // The customer user (tenant 1, a customer's group) has no settlement pages at all.
    const cus = await login(t.app, 'customer').catch(() => null);
    if (cus) expect((await call(t.app, 'GET', SETTLE_P.batchList, undefined, { token: cus.token })).statusCode).toBe(403);
  });
});
