// Issue 18 §4 on PGlite and PostgreSQL: deposits into supervision, release requests with evidence
// files (known to the file references), refunds, four eyes in every path (the raiser never decides,
// the CHECK backs it), supplier freeze, alerts, the sides' own views, bad input → 4xx; and on real
// PostgreSQL concurrent raises and approvals against one balance never pay out more than it holds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_P } from '../../contract/api/files';
import { SV_MSG, SV_P, type SvAlert, type SvFundRow, type SvRequestRow } from '../../contract/api/supervise';
import { API_BASE, HEADER_TOKEN } from '../../contract/constants';
import { FILE_REFERENCES } from '../../server/modules/files/references';
import { ledgerServiceFor } from '../../server/modules/ledger/instance';
import { SupervisionService, svPendingCount } from '../../server/modules/supervise/service';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';
import { expectLedgerSound } from './ledgerKit';

process.env.UPLOAD_DIR ??= mkdtempSync(path.join(tmpdir(), 'boss-sv-upload-'));
process.env.CHANNEL_LATENCY_MS = '2-10';

describe.each(BACKENDS)('fund supervision on %s', (backend) => {
  let t: TestApp;
  let tok: { admin: string; operator: string; approver: string; customer: string };
  let fund: SvFundRow;
  beforeAll(async () => {
    t = await startApp(backend);
    const [admin, operator, approver, customer] = await Promise.all(['admin', 'operator', 'approver', 'customer'].map((u) => login(t.app, u)));
    tok = { admin: admin.token, operator: operator.token, approver: approver.token, customer: customer.token };
  }, 120_000);
  afterAll(async () => t?.close());

  const api = async (method: 'GET' | 'POST', p: string, body?: unknown, who: keyof typeof tok = 'operator', query?: Record<string, string>) => {
    const res = await call(t.app, method, p, body, { token: tok[who], query });
    return { code: res.statusCode, json: res.json() };
  };
  const balanceOf = async (cusCode: string, type: string) => {
    const [r] = await t.sql<{ balance: string }>(
      `SELECT a.balance::text FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE cu.tenant_id = '0' AND cu.cus_code = $1 AND a.account_type = $2`,
      [cusCode, type],
    );
    return BigInt(r.balance);
  };
  const upload = async (who: keyof typeof tok, name: string) => {
    const boundary = '----bosssv' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nsupervise\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from('%PDF-1.4\n% delivery note\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: API_BASE + FILE_P.upload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [HEADER_TOKEN]: tok[who] },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.filePath as string;
  };
  const requests = async (side: 'boss' | 'supplier' | 'cus', who: keyof typeof tok) =>
    (await api('GET', SV_P.requests(side), undefined, who, { pageSize: '100' })).json.result.records as SvRequestRow[];
  const raise = (kind: 'release' | 'refund', amount: string, who: keyof typeof tok = 'operator', filePaths?: string[], key = crypto.randomUUID()) =>
    api(
      'POST',
      kind === 'release' ? SV_P.raiseRelease : SV_P.raiseRefund,
      { fundId: fund.id, amount, reason: '第一期交付完成', filePaths, idempotencyKey: key },
      who,
    );

  it('a customer’s deposit for a supplier (from its own account only), seen by the supervisor', async () => {
    const [{ account_no: settle }] = await t.sql<{ account_no: string }>(
      `SELECT a.account_no FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE cu.tenant_id = '0' AND cu.cus_code = 'C0101' AND a.account_type = 'settlement'`,
    );
    const [{ account_no: other }] = await t.sql<{ account_no: string }>(
      `SELECT a.account_no FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE cu.tenant_id = '0' AND cu.cus_code = 'C0102' AND a.account_type = 'settlement'`,
    );
    const first = {
      cusCode: 'C0101',
      supplierCode: 'C0102',
      contractNo: 'HT-2026-001',
      amount: '50000.00',
      fromAcctNo: settle,
      idempotencyKey: crypto.randomUUID(),
    };
    // Another customer's account is absent.
    expect((await api('POST', SV_P.deposit, { ...first, fromAcctNo: other })).code).toBe(404);
    const made = await api('POST', SV_P.deposit, first);
    expect(made.code, JSON.stringify(made.json)).toBe(200);
    const funds = (await api('GET', SV_P.funds('boss'), undefined, 'approver')).json.result.records as SvFundRow[];
    fund = funds.find((f) => f.cusCode === 'C0101' && f.supplierCode === 'C0102')!;
    expect(fund).toMatchObject({ contractNo: 'HT-2026-001', balance: '50000.00', available: '50000.00', deposited: '50000.00', frozenReason: null });
    expect(await balanceOf('C0101', 'supervised')).toBe(5_000_000n);
    const sv = (await t.sql<{ account_no: string }>(`SELECT account_no FROM sv_funds WHERE id = $1`, [fund.id]))[0].account_no;
    expect((await api('POST', SV_P.deposit, { ...first, fromAcctNo: sv, idempotencyKey: crypto.randomUUID() })).json.message).toBe(SV_MSG.fromSupervised);
    // Deposit more through the call (operator, on the customer's behalf); a replay posts nothing new.
    const key = crypto.randomUUID();
    const body = { cusCode: 'C0101', supplierCode: 'C0102', contractNo: 'HT-2026-001', amount: '1000.00', fromAcctNo: settle, idempotencyKey: key };
    expect((await api('POST', SV_P.deposit, body)).code).toBe(200);
    expect((await api('POST', SV_P.deposit, body)).json.result.replayed).toBe(true);
    expect((await api('POST', SV_P.deposit, { ...body, amount: '2.00' })).code).toBe(409);
    expect(await balanceOf('C0101', 'supervised')).toBe(5_100_000n);
    expect((await api('POST', SV_P.deposit, { ...body, supplierCode: 'C0101', idempotencyKey: crypto.randomUUID() })).json.message).toBe(SV_MSG.sameParty);
  });

  it('a release with evidence, decided by another person only; the movement is one ledger entry', async () => {
    // Evidence is required; unknown files are refused.
    expect((await raise('release', '1000.00')).json.message).toBe(SV_MSG.evidenceRequired);
    expect((await raise('release', '1000.00', 'operator', ['files/0/nope.pdf'])).json.message).toBe(SV_MSG.evidenceNotFound);
    const file = await upload('operator', '交付单.pdf');
    const raised = await raise('release', '1000.00', 'operator', [file]);
    expect(raised.code, JSON.stringify(raised.json)).toBe(200);
    const id = raised.json.result.requestId as string;
    // The file now belongs to the request (the file list's business object; the orphan job keeps it).
    const [owner] = await t.sql<{ owner: string }>(`SELECT ${FILE_REFERENCES.at(-1)!.owner} AS owner FROM uploaded_files WHERE path = $1`, [file]);
    expect(owner.owner).toMatch(/^监管放款证明：JG\d{14}$/);
    const store = ledgerServiceFor(t.database.db).store;
    expect(await svPendingCount(store, '0', 'u-approver')).toBe(1);
    expect(await svPendingCount(store, '0', 'u-operator')).toBe(0);

    // Four eyes: the raiser's own approval is refused, whoever they are; the operator has no approve at all.
    expect((await api('POST', SV_P.approve, { id }, 'operator')).code).toBe(403);
    const byAdmin = await raise('release', '10.00', 'admin', [file]);
    const own = await api('POST', SV_P.approve, { id: byAdmin.json.result.requestId }, 'admin');
    expect([own.code, own.json.message]).toEqual([403, SV_MSG.ownRequest]);
    const ownReject = await api('POST', SV_P.reject, { id: byAdmin.json.result.requestId, reason: '自己驳回' }, 'admin');
    expect([ownReject.code, ownReject.json.message]).toEqual([403, SV_MSG.ownRequest]);
    // The database refuses it too, whatever the code.
    await expect(t.sql(`UPDATE sv_requests SET decided_by = raised_by WHERE id = $1`, [byAdmin.json.result.requestId])).rejects.toThrow(
      /sv_requests_four_eyes/,
    );

    const supplierBefore = await balanceOf('C0102', 'basic');
    const ok = await api('POST', SV_P.approve, { id }, 'approver');
    expect(ok.code, JSON.stringify(ok.json)).toBe(200);
    expect((await balanceOf('C0102', 'basic')) - supplierBefore).toBe(100_000n);
    expect((await api('POST', SV_P.approve, { id }, 'approver')).json.message).toBe(SV_MSG.notPending);
    const [entry] = await t.sql<{ kind: string; n: number }>(
      `SELECT e.kind, (SELECT count(*) FROM postings p WHERE p.entry_id = e.id)::int AS n FROM journal_entries e JOIN sv_requests r ON r.entry_id = e.id WHERE r.id = $1`,
      [id],
    );
    expect(entry).toEqual({ kind: 'sv_release', n: 2 });
    // The supplier side sees its request decided, with the decision.
    const mine = (await requests('supplier', 'operator')).find((r) => r.id === id)!;
    expect(mine).toMatchObject({ status: 'approved', decidedName: expect.any(String), mine: true, files: [{ fileName: '交付单.pdf' }] });
    // Reject needs a reason; admin's own request is rejected by the approver.
    expect((await api('POST', SV_P.reject, { id: byAdmin.json.result.requestId, reason: '' }, 'approver')).code).toBe(400);
    expect((await api('POST', SV_P.reject, { id: byAdmin.json.result.requestId, reason: '证明不足' }, 'approver')).code).toBe(200);
  });

  it('refunds of undelivered funds, over-balance refused, a supplier frozen, alerts raised', async () => {
    const [f] = (await api('GET', SV_P.funds('cus'), undefined, 'operator')).json.result.records as SvFundRow[];
    const available = f.available;
    expect((await raise('refund', '99999999.00')).json.message).toBe(SV_MSG.overBalance);
    const refund = await raise('refund', '500.00');
    expect(refund.code).toBe(200);
    const cusBefore = await balanceOf('C0101', 'basic');
    expect((await api('POST', SV_P.approve, { id: refund.json.result.requestId }, 'approver')).code).toBe(200);
    expect((await balanceOf('C0101', 'basic')) - cusBefore).toBe(50_000n);

    // Three refunds in 30 days and a release above half the balance raise alerts.
    for (let i = 0; i < 2; i++) expect((await raise('refund', '1.00')).code).toBe(200);
    const file = await upload('operator', '验收单.pdf');
    const big = await raise('release', (Number(available) * 0.6).toFixed(2), 'operator', [file]);
    expect(big.code, JSON.stringify(big.json)).toBe(200);
    const alerts = (await api('GET', SV_P.alerts, undefined, 'approver')).json.result as SvAlert[];
    expect(alerts.map((a) => a.kind).sort()).toEqual(['large_release', 'many_refunds']);
    expect(alerts.find((a) => a.kind === 'large_release')!.requestId).toBe(big.json.result.requestId);
    // Over-reserving: what pending requests hold is not available to another.
    expect((await raise('release', (Number(available) * 0.6).toFixed(2), 'operator', [file])).json.message).toBe(SV_MSG.overBalance);

    // Freeze: no release raised or approved while frozen; refunds go on; a reason is required.
    expect((await api('POST', SV_P.freeze, { supplierCode: 'C0102', reason: '' }, 'approver')).code).toBe(400);
    expect((await api('POST', SV_P.freeze, { supplierCode: 'C0102', reason: '交付纠纷调查中' }, 'operator')).code).toBe(403);
    expect((await api('POST', SV_P.freeze, { supplierCode: 'C0102', reason: '交付纠纷调查中' }, 'approver')).code).toBe(200);
    expect((await api('POST', SV_P.freeze, { supplierCode: 'C0102', reason: '再次' }, 'approver')).json.message).toBe(SV_MSG.alreadyFrozen);
    const frozen = await api('POST', SV_P.approve, { id: big.json.result.requestId }, 'approver');
    expect([frozen.code, frozen.json.message]).toEqual([409, SV_MSG.supplierFrozen('交付纠纷调查中')]);
    expect((await raise('release', '1.00', 'operator', [file])).json.message).toBe(SV_MSG.supplierFrozen('交付纠纷调查中'));
    expect((await api('GET', SV_P.funds('boss'), undefined, 'approver')).json.result.records[0].frozenReason).toBe('交付纠纷调查中');
    expect((await api('POST', SV_P.unfreeze, { supplierCode: 'C0102' }, 'approver')).code).toBe(200);
    // The raiser cancels the big one; nobody else may.
    expect((await api('POST', SV_P.cancel, { id: big.json.result.requestId }, 'admin')).json.message).toBe(SV_MSG.notYours);
    expect((await api('POST', SV_P.cancel, { id: big.json.result.requestId }, 'operator')).code).toBe(200);
    const [after] = (await api('GET', SV_P.funds('boss'), undefined, 'approver')).json.result.records as SvFundRow[];
    // The fund equals its ledger account (one fund on it), and reserved only what is still pending (2 × 1.00).
    expect(BigInt(Math.round(Number(after.balance) * 100))).toBe(await balanceOf('C0101', 'supervised'));
    expect(after.reserved).toBe('2.00');
  });

  it('a customer user sees only its own supervision; bad input is a 4xx', async () => {
    // The customer user (tenant 1, customer C0001) has no fund there and cannot reach tenant 0's.
    const own = await api('GET', SV_P.funds('cus'), undefined, 'customer');
    expect([own.code, own.json.result?.total]).toEqual([200, 0]);
    expect((await api('GET', SV_P.funds('boss'), undefined, 'customer')).code).toBe(403);
    expect(
      (await api('POST', SV_P.raiseRefund, { fundId: fund.id, amount: '1.00', reason: 'x', idempotencyKey: crypto.randomUUID() }, 'customer')).json.message,
    ).toBe(SV_MSG.fundNotFound);
    const bad: [string, unknown, number, string?][] = [
      [SV_P.raiseRefund, { fundId: fund.id, amount: 'abc', reason: 'x', idempotencyKey: 'k-00000001' }, 400, '请输入正确的金额'],
      [SV_P.raiseRefund, { fundId: fund.id, amount: '1.001', reason: 'x', idempotencyKey: 'k-00000002' }, 400, '请输入正确的金额'],
      [SV_P.raiseRefund, { fundId: fund.id, amount: '1.00', reason: '', idempotencyKey: 'k-00000003' }, 400, SV_MSG.reasonRequired],
      [SV_P.raiseRefund, { fundId: 'nope', amount: '1.00', reason: 'x', idempotencyKey: 'k-00000004' }, 404, SV_MSG.fundNotFound],
      [SV_P.raiseRelease, { fundId: fund.id, amount: '1.00', reason: 'x', filePaths: 'a', idempotencyKey: 'k-00000005' }, 400],
      [SV_P.approve, { id: 'nope' }, 404, SV_MSG.requestNotFound],
      [SV_P.approve, {}, 400],
      [
        SV_P.deposit,
        { cusCode: 'C0101', supplierCode: 'NOPE', contractNo: 'HT-1', amount: '1.00', idempotencyKey: 'k-00000006' },
        404,
        SV_MSG.supplierNotFound,
      ],
      [SV_P.deposit, { cusCode: 'C0101', supplierCode: 'C0102', contractNo: '合同 1', amount: '1.00', idempotencyKey: 'k-00000007' }, 400, SV_MSG.contractBad],
      [SV_P.deposit, { cusCode: 'C0102', supplierCode: 'C0101', contractNo: 'HT-1', amount: '1.00', idempotencyKey: 'k-00000008' }, 400, SV_MSG.notSupplier],
      [SV_P.unfreeze, { supplierCode: 'C0102' }, 409, SV_MSG.notFrozen],
    ];
    for (const [p, body, code, message] of bad) {
      const r = await api('POST', p, body, 'admin');
      expect(r.code, `${p} ${JSON.stringify(body)} → ${JSON.stringify(r.json)}`).toBe(code);
      if (message) expect(r.json.message).toBe(message);
    }
    await expectLedgerSound(ledgerServiceFor(t.database.db).store);
  });

  it.runIf(backend === 'postgres')('concurrent raises and approvals against one balance never pay out more than it holds', async () => {
    const sv = new SupervisionService(ledgerServiceFor(t.database.db));
    const who = (actor: string) => ({ tenantId: '0', actor, actorName: actor, cusCode: null });
    const [{ account_no: settle }] = await t.sql<{ account_no: string }>(
      `SELECT a.account_no FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE cu.tenant_id = '0' AND cu.cus_code = 'C0101' AND a.account_type = 'settlement'`,
    );
    const { fundId } = await sv.deposit(who('u-operator'), {
      fromAcctNo: settle,
      cusCode: 'C0101',
      supplierCode: 'C0102',
      contractNo: 'HT-RACE-1',
      amountFen: 100_000n,
      idempotencyKey: 'race-deposit',
    });
    const [{ path: file }] = await t.sql<{ path: string }>(`SELECT path FROM uploaded_files WHERE tenant_id = '0' LIMIT 1`);
    // 24 raises of 100.00 (releases and refunds) at once against 1,000.00: exactly 10 get through.
    const raised = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        sv.raise(who(i % 2 ? 'u-operator' : 'u-admin'), {
          fundId,
          kind: i % 3 ? 'release' : 'refund',
          amountFen: 10_000n,
          reason: '并发',
          filePaths: [file],
          idempotencyKey: `race-${i}`,
        }),
      ),
    );
    const ids = raised.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ requestId: string }>).value.requestId);
    expect(ids.length).toBe(10);
    for (const r of raised) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(SV_MSG.overBalance);
    // Two supervisors approve every one of them at once: each is decided once; nobody decides their own.
    const decided = await Promise.allSettled(ids.flatMap((id) => ['u-approver', 'u-admin'].map((a) => sv.decide(who(a), id, { approve: true }))));
    const ok = decided.filter((d) => d.status === 'fulfilled').length;
    expect(ok).toBe(10);
    for (const d of decided) if (d.status === 'rejected') expect([SV_MSG.notPending, SV_MSG.ownRequest]).toContain((d.reason as Error).message);
    const [f] = await t.sql<{ balance: string; reserved: string; released: string; refunded: string }>(
      'SELECT balance::text, reserved::text, released::text, refunded::text FROM sv_funds WHERE id = $1',
      [fundId],
    );
    expect(f.balance).toBe('0');
    expect(f.reserved).toBe('0');
    expect(BigInt(f.released) + BigInt(f.refunded)).toBe(100_000n);
    const [sums] = await t.sql<{ funds: string; account: string }>(
      `SELECT (SELECT sum(balance) FROM sv_funds WHERE tenant_id = '0' AND cus_code = 'C0101')::text AS funds,
              (SELECT a.balance FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE cu.cus_code = 'C0101' AND cu.tenant_id = '0' AND a.account_type = 'supervised')::text AS account`,
    );
    expect(sums.funds).toBe(sums.account);
    await expectLedgerSound(sv.ledger.store);
  });
});
