// Issue 17 §2 bank-account-apply on PGlite and PostgreSQL: an opened customer requests a virtual bank
// account through its provider; the simulator's callbacks (each delivered twice) move it to opened
// once, and the ledger opens the customer's account of that type in the same transaction. Illegal
// transitions, another tenant's or customer's application, and bad input are refused with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, HEADER_TOKEN } from '../../contract/constants';
import { CUS_MSG, CUS_PATHS as P } from '../../contract/api/cus';
import { ACCOUNT_LIST_PATH } from '../../contract/api/ledger';
import { creditCodeCheckChar } from '../../contract/idCodes';
import { innetServiceFor } from '../../server/modules/cus/instance';
import { BACKENDS, call, lastSmsCode, login, startApp, type TestApp } from './helpers';

process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), 'boss-cusbank-'));
process.env.INNET_LATENCY_MS = '1-5';
process.env.INNET_DUPLICATE_RATE = '1';

const credit = (first17: string) => first17 + creditCodeCheckChar(first17);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const MASTER = {
  cusName: '深圳虚拟账户测试有限公司',
  cusKind: 'enterprise',
  cusType: 'customer',
  legalName: '陈测试',
  legalIdNo: '11010519491231002X',
  legalMobile: '13700000027',
  contactName: '林联系',
  mobile: '13700000028',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  address: '科技园南路1号',
  settleCardNo: '6227000010002000999',
  settleBankName: '中国建设银行',
  settleBranchName: '深圳南山支行',
};

describe.each(BACKENDS)('bank-account-apply (%s)', (backend) => {
  let t: TestApp;
  let operator: string;
  let approver: string;
  let customer: string;
  const post = async (p: string, body: unknown, token = operator) => {
    const res = await call(t.app, 'POST', p, body, { token });
    return { status: res.statusCode, json: res.json() as { status: { replyText: string }; body: Record<string, any> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const ok = async (p: string, body: unknown, token = operator) => {
    const r = await post(p, body, token);
    if (r.status !== 200) throw new Error(`${p} → ${r.status} ${r.json.status.replyText}`);
    return r.json.body;
  };
  const refused = async (p: string, body: unknown, status: number, message: string | RegExp, token = operator) => {
    const r = await post(p, body, token);
    expect({ p, status: r.status }).toEqual({ p, status });
    if (typeof message === 'string') expect(r.json.status.replyText).toBe(message);
    else expect(r.json.status.replyText).toMatch(message);
  };
  const settle = () => innetServiceFor(t.database.db).channel.idle();
  const upload = async (filename: string) => {
    const boundary = '----bossbank' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bucketName"\r\n\r\ncus\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/cap/cos/v1/FileUpload`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, [HEADER_TOKEN]: operator },
      payload,
    });
    return res.json().result.filePath as string;
  };

  /** An approved customer opened at hnpay: its innet application id. */
  async function openedCustomer(creditCode: string) {
    const { customer: c } = await ok(P.masterAdd, { ...MASTER, creditCode });
    for (const type of ['license', 'idFront', 'idBack', 'accountProof', 'premises'])
      await ok(P.materialAdd, { cusCode: c.cusCode, materialType: type, filePath: await upload(`${type}.png`) });
    const { customer: s } = await ok(P.masterSubmit, { cusCode: c.cusCode, version: c.version + 5 });
    await ok(P.masterAuditPass, { cusCode: c.cusCode, version: s.version }, approver);
    const { innet } = await ok(P.innet, { cusCode: c.cusCode, provider: 'hnpay', fields: { merchantShortName: '虚拟测试', servicePhone: '0755-86000000' } });
    await settle();
    const [row] = await t.sql<{ verify_amount: string }>('SELECT verify_amount::text FROM cus_innets WHERE id = $1', [innet.innetId]);
    await ok(P.innetPayConfirm, { innetId: innet.innetId, amount: (Number(row.verify_amount) / 100).toFixed(2) });
    await t.sql(`UPDATE sms_codes SET created_at = created_at - interval '61 seconds' WHERE mobile = $1`, [MASTER.legalMobile]);
    await ok(P.innetSmsApply, { innetId: innet.innetId });
    await ok(P.innetSmsConfirm, { innetId: innet.innetId, captcha: await lastSmsCode(t, MASTER.legalMobile) });
    await ok(P.configFee, { cusCode: c.cusCode, provider: 'hnpay', items: [{ product: 'agreementPay', rate: '0.38' }] });
    await ok(P.innetSign, { innetId: innet.innetId });
    await ok(P.innetOpen, { innetId: innet.innetId });
    await settle();
    return { cusCode: c.cusCode as string, innetId: innet.innetId as string };
  }

  beforeAll(async () => {
    t = await startApp(backend);
    operator = (await login(t.app, 'operator')).token;
    approver = (await login(t.app, 'approver')).token;
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  it('opens a virtual bank account through the provider once, with the ledger account, whatever the callbacks do', async () => {
    const { cusCode, innetId } = await openedCustomer(credit('91440300MA5G00031'));
    const { apply } = await ok(P.bankApply, { cusCode, innetId, acctType: 'virtual', remark: '收款专用' });
    expect(apply).toMatchObject({ status: 'submitted', provider: 'hnpay', acctType: 'virtual', acctTypeText: '虚拟银行账户' });
    // A second application is refused: while the first is in flight, or (the simulator answers in 1–5 ms) once it opened.
    await refused(P.bankApply, { cusCode, innetId, acctType: 'virtual' }, 409, new RegExp(`^(${CUS_MSG.bankApplyExists}|${CUS_MSG.bankAccountExists})$`));
    await settle();
    const opened = (await ok(P.bankApplyInquiry, { applyId: apply.applyId })).listData[0];
    expect(opened).toMatchObject({ status: 'opened', statusText: '已开通', providerAccountNo: expect.stringMatching(/^VA\d{16}$/) });
    const detail = await ok(P.masterInquiry, { cusCode });
    const virtual = detail.accounts.find((a: { acctType: string }) => a.acctType === 'virtual');
    expect(virtual).toMatchObject({ acctNo: opened.acctNo });
    expect(detail.accounts.map((a: { acctType: string }) => a.acctType).sort()).toEqual(['basic', 'settlement', 'virtual']);
    // 账户管理 lists it with the customer's other accounts, and finds it by its type.
    const listed = await call(t.app, 'GET', `${ACCOUNT_LIST_PATH}?cusCode=${cusCode}&acctType=virtual`, undefined, { token: operator });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.records).toEqual([expect.objectContaining({ acctNo: opened.acctNo, acctType: 'virtual', acctTypeText: '虚拟银行账户' })]);

    // Every callback came twice: each applied once; a late replay or an out-of-order one changes nothing.
    const cbs = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM cus_bank_apply_callbacks WHERE apply_id = $1 AND applied', [apply.applyId]);
    expect(cbs[0].n).toBe(2);
    const svc = innetServiceFor(t.database.db);
    const base = {
      innetId,
      tenantId: (await t.sql<{ tenant_id: string }>('SELECT tenant_id FROM cus_bank_applies WHERE id = $1', [apply.applyId]))[0].tenant_id,
    };
    expect(
      await svc.receive({
        ...base,
        submitNo: 0,
        applyId: apply.applyId,
        eventId: `${apply.applyId}:decided`,
        event: { kind: 'accountOpened', providerAccountNo: 'VA0' },
      }),
    ).toBe('duplicate');
    expect(
      await svc.receive({ ...base, submitNo: 0, applyId: apply.applyId, eventId: 'late-accepted', event: { kind: 'accountAccepted', providerRef: 'X' } }),
    ).toBe('ignored');
    expect(await svc.receive({ ...base, submitNo: 0, applyId: apply.applyId, eventId: 'late-reject', event: { kind: 'accountRejected', reason: 'x' } })).toBe(
      'ignored',
    );
    expect((await ok(P.bankApplyInquiry, { applyId: apply.applyId })).listData[0]).toMatchObject({ status: 'opened', version: opened.version });
    const accts = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a JOIN customers c ON c.id = a.customer_id WHERE c.cus_code = $1`, [
      cusCode,
    ]);
    expect(accts[0].n).toBe(3);

    // Illegal transitions and a second account of the type.
    await refused(P.bankApplyCancel, { applyId: apply.applyId, reason: '不要了' }, 409, CUS_MSG.bankApplyState('已开通', '撤销'));
    await refused(P.bankApply, { cusCode, innetId, acctType: 'virtual' }, 409, CUS_MSG.bankAccountExists);
    const history = (await ok(P.history, { cusCode, page: { pageNum: 1, pageSize: 50 } })).listData.map((h: { action: string }) => h.action);
    expect(history.filter((a: string) => a.startsWith('bankApply')).sort()).toEqual(['bankApplyAccepted', 'bankApplyOpened', 'bankApplySubmit']);
  });

  it('refuses a customer without an opened provider, cancels before the decision, and rejects by the simulated rule', async () => {
    const { cusCode, innetId } = await openedCustomer(credit('91440300MA5G00032'));
    const { customer: other } = await ok(P.masterAdd, { ...MASTER, cusName: '未开通客户', creditCode: credit('91440300MA5G00033') });
    await refused(P.bankApply, { cusCode: other.cusCode, innetId, acctType: 'virtual' }, 400, CUS_MSG.bankApplyNoInnet);
    await refused(P.bankApply, { cusCode, innetId: 'nope', acctType: 'virtual' }, 400, CUS_MSG.bankApplyNoInnet);
    const { apply: rejected } = await ok(P.bankApply, { cusCode, innetId, acctType: 'virtual', remark: '驳回一下' });
    await settle();
    expect((await ok(P.bankApplyInquiry, { applyId: rejected.applyId })).listData[0]).toMatchObject({ status: 'rejected', rejectReason: /模拟驳回规则/ });
    await refused(P.bankApplyCancel, { applyId: rejected.applyId, reason: '撤' }, 409, CUS_MSG.bankApplyState('已驳回', '撤销'));
    // A cancellation before the provider decides: its later callbacks change nothing, no account opens.
    const { apply } = await ok(P.bankApply, { cusCode, innetId, acctType: 'virtual' });
    expect((await ok(P.bankApplyCancel, { applyId: apply.applyId, reason: '客户不需要了' })).apply.status).toBe('cancelled');
    await settle();
    expect((await ok(P.bankApplyInquiry, { applyId: apply.applyId })).listData[0].status).toBe('cancelled');
    expect((await ok(P.masterInquiry, { cusCode })).accounts.some((a: { acctType: string }) => a.acctType === 'virtual')).toBe(false);
    // Another customer's user and another tenant see nothing of it.
    await refused(P.bankApplyCancel, { applyId: apply.applyId, reason: '撤' }, 403, /./, customer);
    expect((await ok(P.bankApplyInquiry, { cusCode }, approver)).page.count).toBe(2);
    await refused(P.bankApplyInquiry, { applyId: apply.applyId }, 403, /./, customer);
    // A callback naming the application under another tenant reaches nothing.
    const svc = innetServiceFor(t.database.db);
    expect(
      await svc.receive({
        eventId: 'x',
        innetId,
        tenantId: '1',
        submitNo: 0,
        applyId: apply.applyId,
        event: { kind: 'accountOpened', providerAccountNo: 'VA1' },
      }),
    ).toBe('ignored');
  });

  it('answers every bad body with a 4xx and a Chinese message, never a 5xx', async () => {
    const bodies: [string, unknown][] = [
      [P.bankApply, {}],
      [P.bankApply, { cusCode: 'X', innetId: 'y', acctType: 'basic' }],
      [P.bankApply, { cusCode: 'NOPE', innetId: 'y', acctType: 'virtual' }],
      [P.bankApply, { cusCode: 'X', innetId: 'y', acctType: 'virtual', remark: 'x'.repeat(201) }],
      [P.bankApplyInquiry, { status: 'weird' }],
      [P.bankApplyInquiry, { page: { pageNum: 0, pageSize: 10 } }],
      [P.bankApplyCancel, { applyId: 'nope', reason: 'x' }],
      [P.bankApplyCancel, { applyId: 'nope' }],
      [P.bankApplyCancel, null],
    ];
    for (const [p, body] of bodies) {
      const r = await post(p, body);
      expect({ p, body, status: r.status >= 400 && r.status < 500 }).toEqual({ p, body, status: true });
      expect(r.json.status.replyText).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
