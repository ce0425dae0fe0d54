// Payment password, operation password, data decryption (token lifetimes, masking), batch import
// from .xlsx, tenant isolation, and bad input on every call → 4xx with nothing written.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECRYPTED_ACCESS_TOKEN_MS, DECRYPTED_REFRESH_TOKEN_MS } from '../../contract/constants';
import { encodePassword } from '../../contract/crypto';
import { SMS_TYPE } from '../../contract/api/paths';
import { BATCH_DRAFT_PERMS } from '../../contract/api/vxeSocket';
import { PAY_MSG, PAY_PATHS } from '../../contract/api/pay';
import { V } from '../../contract/validation';
import { BACKENDS, call, lastSmsCode, login } from './helpers';
import { key, payKit, submitSingle, type PayKit } from './payKit';

describe.each(BACKENDS)('pay passwords, decryption and input (%s)', (backend) => {
  let k: PayKit;
  beforeAll(async () => {
    k = await payKit(backend);
  }, 180_000);
  afterAll(async () => k?.close());
  const sms = async (mobile: string, type: string) => {
    const r = await call(k.t.app, 'POST', '/cap/sys/v1/SystemSmsCaptchaInquiry', { mobile, type }, { signed: true });
    expect(r.statusCode, r.body).toBe(200);
    return lastSmsCode(k.t, mobile);
  };

  it('payment password: texts of §5, first set with the login password, then the old one', async () => {
    const cus = (await login(k.t.app, 'customer')).token;
    const modify = (b: Record<string, unknown>) => call(k.t.app, 'POST', PAY_PATHS.payPwdModify, b, { token: cus });
    const e = encodePassword;
    expect((await modify({ cusCode: '', payPwd: e('Pay@12345'), payPwdOld: e('Demo@2026') })).json().status.errorMsg).toBe(V.cusCodeEmpty);
    expect((await modify({ cusCode: 'C0001', payPwd: e('Pay@12345') })).json().status.errorMsg).toBe(V.payOldRequired);
    expect((await modify({ cusCode: 'C9999', payPwd: e('Pay@12345'), payPwdOld: e('Demo@2026') })).json().status.errorMsg).toBe(PAY_MSG.cusCodeMismatch);
    expect((await modify({ cusCode: 'C0001', payPwd: e('123456'), payPwdOld: e('Demo@2026') })).json().status.errorMsg).toBe(V.passwordRule);
    expect((await modify({ cusCode: 'C0001', payPwd: e('Pay@12345'), payPwdOld: e('Wrong@2026') })).json().status.errorMsg).toBe(PAY_MSG.payPwdOldWrong);
    const first = await modify({ cusCode: 'C0001', payPwd: e('Pay@12345'), payPwdOld: e('Demo@2026') });
    expect(first.statusCode).toBe(200);
    expect(first.json().status.replyText).toBe('修改成功');
    expect((await modify({ cusCode: 'C0001', payPwd: e('Pay@67890'), payPwdOld: e('Demo@2026') })).json().status.errorMsg).toBe(PAY_MSG.payPwdOldWrong);
    expect((await modify({ cusCode: 'C0001', payPwd: e('Pay@67890'), payPwdOld: e('Pay@12345') })).statusCode).toBe(200);
    expect((await modify({ cusCode: 'C0001', payPwd: 'garbage', payPwdOld: e('Pay@67890') })).statusCode).toBe(400);
  });

  it('operation password needs the SMS code of its type', async () => {
    const tok = k.tok.operator;
    const set = (b: Record<string, unknown>) => call(k.t.app, 'POST', PAY_PATHS.opPwdSet, b, { token: tok });
    expect((await set({ opPsw: encodePassword('Op@123456') })).json().status.errorMsg).toBe(V.captchaRequired);
    await sms('13800000002', SMS_TYPE.login);
    expect((await set({ opPsw: encodePassword('Op@123456'), captcha: '000000' })).statusCode).toBe(400);
    const code = await sms('13800000002', SMS_TYPE.opPassword);
    expect((await set({ opPsw: encodePassword('weak'), captcha: code })).json().status.errorMsg).toBe(V.passwordRule);
    const ok = await set({ opPsw: encodePassword('Op@123456'), captcha: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status.replyText).toBe('设置成功');
    expect((await k.t.sql('SELECT 1 FROM op_passwords WHERE user_id = $1', ['u-operator'])).length).toBe(1);
  });

  it('data decryption: new session of 1 hour / 1 day, cards and mobiles in full, twice → 已解密', async () => {
    const o = await submitSingle(k, { card: '6222000011112222333', amount: '1.00' }, 'operator');
    const show = async (tok: string) =>
      (await call(k.t.app, 'POST', PAY_PATHS.orderDetail, { orderId: o.orderId }, { token: tok })).json().body.order.bankCardNo;
    expect(await show(k.tok.approver)).toBe('6222***********2333');
    const dec = (tok: string, b: Record<string, unknown>) => call(k.t.app, 'POST', PAY_PATHS.dataDecryption, b, { token: tok });
    expect((await dec(k.tok.approver, { type: SMS_TYPE.decrypt, mobile: '13800000003' })).json().status.errorMsg).toBe(V.smsCaptchaRequired);
    expect((await dec(k.tok.approver, { type: SMS_TYPE.decrypt, mobile: '13800000001', captcha: '123456' })).json().status.errorMsg).toBe(
      PAY_MSG.decryptMobile,
    );
    const code = await sms('13800000003', SMS_TYPE.decrypt);
    const r = await dec(k.tok.approver, { type: SMS_TYPE.decrypt, mobile: '13800000003', captcha: code });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().status.replyText).toBe('解密成功，请刷新页面');
    const { accessToken, refreshToken } = r.json().body;
    expect(accessToken).toBeTruthy();
    expect(refreshToken).toBeTruthy();
    const [s] = await k.t.sql<{ a: string; r: string }>(
      `SELECT (extract(epoch FROM access_expires_at - created_at) * 1000)::bigint::text AS a, (extract(epoch FROM refresh_expires_at - created_at) * 1000)::bigint::text AS r
         FROM sessions WHERE user_id = 'u-approver' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(Math.abs(Number(s.a) - DECRYPTED_ACCESS_TOKEN_MS)).toBeLessThan(5000);
    expect(Math.abs(Number(s.r) - DECRYPTED_REFRESH_TOKEN_MS)).toBeLessThan(5000);
    expect(await show(accessToken)).toBe('6222000011112222333');
    expect(await show(k.tok.approver)).toBe('6222***********2333');
    // A refresh keeps the decryption's limits: access 1 hour, refresh never past the day's end.
    const ref = await call(k.t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken }, { signed: true });
    expect(ref.statusCode, ref.body).toBe(200);
    const renewed = ref.json().body as { accessToken: string; refreshToken: string };
    const [after] = await k.t.sql<{ a: string; r: string }>(
      `SELECT (extract(epoch FROM s.access_expires_at - now()) * 1000)::bigint::text AS a,
              (extract(epoch FROM s.refresh_expires_at - d.decrypted_until) * 1000)::bigint::text AS r
         FROM sessions s JOIN decrypted_sessions d ON d.family_id = s.family_id
        WHERE s.user_id = 'u-approver' AND s.revoked_at IS NULL ORDER BY s.created_at DESC LIMIT 1`,
    );
    expect(Number(after.a)).toBeLessThanOrEqual(DECRYPTED_ACCESS_TOKEN_MS + 1000);
    expect(Number(after.a)).toBeGreaterThan(DECRYPTED_ACCESS_TOKEN_MS - 60_000);
    expect(Math.abs(Number(after.r))).toBeLessThan(1000);
    expect(await show(renewed.accessToken)).toBe('6222000011112222333');
    const again = await dec(renewed.accessToken, { type: SMS_TYPE.decrypt, mobile: '13800000003', captcha: '123456' });
    expect(again.statusCode).toBe(400);
    expect(again.json().status.errorMsg).toContain('已解密');
  });

  it('batch import reads .xlsx into the same validation (sheet row numbers in messages)', async () => {
    const book = async (rows: (string | number)[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('付款');
      ws.addRow(['收款人名称', '收款账号', '银行卡号', '金额', '备注']);
      rows.forEach((r) => ws.addRow(r));
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = async (data: Buffer, name = 'pay.xlsx') => {
      const boundary = '----payboundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return k.t.app.inject({
        method: 'POST',
        url: `/boss-admin${PAY_PATHS.batchImport}`,
        payload,
        headers: { 'X-Access-Token': k.tok.operator, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const ok = await upload(
      await book([
        ['甲', k.acct.b1, '', '1.50', '货款'],
        ['乙', '', '6222000011112222333', 2, ''],
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().body).toMatchObject({ count: 2, total: '3.50' });
    const bad = await upload(
      await book([
        ['甲', k.acct.b1, '', '1.50', ''],
        ['乙', '', '', '2.00', ''],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.errorMsg).toBe(`第3行：${PAY_MSG.payeeRequired}`);
    expect((await upload(Buffer.from('not a workbook'), 'x.txt')).statusCode).toBe(400);

    // Without the draft grid's import code (spec §6: the button hides), the call is refused too.
    const codeIds = `SELECT id FROM permissions WHERE perms = '${BATCH_DRAFT_PERMS.import}'`;
    await k.t.sql(`DELETE FROM role_permissions WHERE role_id = 'r-operator' AND permission_id IN (${codeIds})`);
    try {
      let status = 0;
      for (let i = 0; i < 50 && status !== 403; i++) {
        status = (await upload(await book([['甲', k.acct.b1, '', '1.50', '']]))).statusCode;
        if (status !== 403) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(403);
    } finally {
      await k.t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-operator', id FROM permissions WHERE perms = $1 ON CONFLICT DO NOTHING`, [
        BATCH_DRAFT_PERMS.import,
      ]);
    }
  });

  it('bad input on every call → 4xx with a message, nothing written; other tenants see nothing', async () => {
    const orders = (await k.t.sql<{ n: string }>('SELECT count(*)::text AS n FROM pay_orders'))[0].n;
    const entries = (await k.t.sql<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries'))[0].n;
    const a = k.acct;
    const bad: [string, unknown][] = [];
    for (const amount of ['-1', '0', '1.001', '99999999999', 'abc', '', null]) {
      bad.push([PAY_PATHS.orderSubmit, { fromAcctNo: a.a1s, payeeName: '甲', payeeAcctNo: a.b1, amount, idempotencyKey: key() }]);
      bad.push([PAY_PATHS.adjustApply, { acctNo: a.a1, direction: 'credit', amount, reason: 'x', idempotencyKey: key() }]);
      bad.push([PAY_PATHS.distributionApply, { fromAcctNo: a.a1s, amount, mode: 'fixed', receivers: [{ acctNo: a.b1, amount }], idempotencyKey: key() }]);
      bad.push([PAY_PATHS.invoiceApply, { cusCode: 'C0101', amount, title: 't', idempotencyKey: key() }]);
    }
    bad.push(
      [PAY_PATHS.orderSubmit, { fromAcctNo: 'NOPE', payeeName: '甲', payeeAcctNo: a.b1, amount: '1.00', idempotencyKey: key() }],
      [PAY_PATHS.orderSubmit, { fromAcctNo: a.a1s, payeeName: '甲', payeeAcctNo: a.a1s, amount: '1.00', idempotencyKey: key() }],
      [PAY_PATHS.orderSubmit, { fromAcctNo: a.a1s, payeeName: '甲', amount: '1.00', idempotencyKey: key() }],
      [PAY_PATHS.orderSubmit, { fromAcctNo: a.a1s, payeeName: '甲', bankCardNo: '12', amount: '1.00', idempotencyKey: key() }],
      [PAY_PATHS.orderSubmit, { fromAcctNo: a.a1s, payeeName: '甲', payeeAcctNo: a.b1, amount: '1.00' }],
      [
        PAY_PATHS.orderSubmit,
        { fromAcctNo: a.a1s, payeeName: "'; DROP TABLE pay_orders; --", payeeAcctNo: "x' OR '1'='1", amount: '1.00', idempotencyKey: key() },
      ],
      [PAY_PATHS.orderSubmit, { fromAcctNo: a.a1s, payeeName: '甲', payeeAcctNo: a.b1, amount: '99999999.00', idempotencyKey: key() }],
      [PAY_PATHS.batchSubmit, { fromAcctNo: a.a1s, rows: [], idempotencyKey: key() }],
      [PAY_PATHS.batchSubmit, { fromAcctNo: a.a1s, rows: 'x', idempotencyKey: key() }],
      [PAY_PATHS.adjustApply, { acctNo: a.a1, direction: 'sideways', amount: '1.00', reason: 'x', idempotencyKey: key() }],
      [PAY_PATHS.adjustApply, { acctNo: a.a1, direction: 'debit', amount: '1.00', idempotencyKey: key() }],
      [PAY_PATHS.distributionApply, { fromAcctNo: a.a1s, amount: '1.00', mode: 'ratio', receivers: [{ acctNo: a.b1, ratio: '100' }], idempotencyKey: key() }],
      [
        PAY_PATHS.distributionApply,
        { fromAcctNo: a.a1s, amount: '1.00', mode: 'ratio', receivers: [{ acctNo: a.b1, ratio: '150' }], remainderAcctNo: a.b1, idempotencyKey: key() },
      ],
      [PAY_PATHS.distributionApply, { fromAcctNo: a.a1s, amount: '1.00', mode: 'fixed', receivers: [], idempotencyKey: key() }],
      [PAY_PATHS.orderEdit, { orderId: 'nope', version: 1, patch: {} }],
      [PAY_PATHS.orderEdit, { orderId: 'nope', version: 'x', patch: {} }],
      [PAY_PATHS.orderCancel, {}],
      [PAY_PATHS.orderDetail, { orderId: 'nope' }],
      [PAY_PATHS.orderInquiry, { status: 'bogus' }],
      [PAY_PATHS.orderInquiry, { page: { pageNum: 0, pageSize: 100000 } }],
      [PAY_PATHS.auditPass, { orderIds: [], versions: [], payPwd: 'x' }],
      [PAY_PATHS.auditPass, { orderIds: ['a'], versions: [], payPwd: 'x' }],
      [PAY_PATHS.auditReject, { orderIds: ['a'] }],
      [PAY_PATHS.customerDisable, { cusCode: 'NOPE', reason: 'x' }],
      [PAY_PATHS.customerEnable, {}],
      [PAY_PATHS.invoiceMake, { invoiceId: 'nope' }],
      [PAY_PATHS.invoiceApply, { cusCode: 'NOPE', amount: '1.00', title: 't', idempotencyKey: key() }],
      [PAY_PATHS.invoiceApply, { cusCode: 'C0101', amount: '1.00', title: '', idempotencyKey: key() }],
      [PAY_PATHS.refundApply, { origOrderId: '', amount: '1.00', reason: 'x', idempotencyKey: key() }],
      [PAY_PATHS.dataDecryption, {}],
      [PAY_PATHS.opPwdSet, {}],
      [PAY_PATHS.payPwdModify, {}],
    );
    for (const [path, body] of bad) {
      const r = await call(k.t.app, 'POST', path, body, { token: k.tok.admin });
      expect(r.statusCode, `${path} ${JSON.stringify(body)} → ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${path} ${r.body}`).toBeLessThan(500);
      expect(r.json().status.errorMsg, path).toMatch(/[\u4e00-\u9fa5]/);
    }
    // Another tenant: a tenant-1 user cannot see or touch tenant 0's orders and accounts.
    const o = await submitSingle(k, { amount: '1.00' });
    const cus = (await login(k.t.app, 'customer')).token;
    expect((await call(k.t.app, 'POST', PAY_PATHS.orderDetail, { orderId: o.orderId }, { token: cus })).statusCode).toBeGreaterThanOrEqual(403);
    expect((await call(k.t.app, 'POST', PAY_PATHS.orderDetail, { orderId: o.orderId }, { token: k.tok.admin, tenant: '1' })).statusCode).toBe(403);
    expect(
      (
        await call(
          k.t.app,
          'POST',
          PAY_PATHS.orderSubmit,
          { fromAcctNo: a.a1s, payeeName: '甲', payeeAcctNo: a.b1, amount: '1.00', idempotencyKey: key() },
          { token: k.tok.admin, tenant: '1' },
        )
      ).statusCode,
    ).toBe(403);
    // A tenant-0 order id looked up in tenant 1's scope is absent.
    const [{ id }] = await k.t.sql<{ id: string }>(`SELECT id FROM pay_orders LIMIT 1`);
    await k.t.sql(`UPDATE pay_orders SET tenant_id = '1' WHERE id = $1`, [id]);
    expect((await call(k.t.app, 'POST', PAY_PATHS.orderDetail, { orderId: id }, { token: k.tok.approver })).statusCode).toBe(404);
    await k.t.sql(`UPDATE pay_orders SET tenant_id = '0' WHERE id = $1`, [id]);
    expect((await k.t.sql<{ n: string }>('SELECT count(*)::text AS n FROM pay_orders'))[0].n).toBe(String(Number(orders) + 1));
    expect((await k.t.sql<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries'))[0].n).toBe(String(Number(entries) + 1));
  });
});
