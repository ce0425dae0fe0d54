// Shared set-up of the pay suites: the app with demo users signed in, the demo accounts of tenant 0
// (C0101, C0102, each basic + funded settlement), and small call helpers.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { encodePassword } from '../../contract/crypto';
import { PAY_PATHS } from '../../contract/api/pay';
import { payServiceFor } from '../../server/modules/pay/instance';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { call, login, startApp, type BackendName, type TestApp } from './helpers';

export interface PayKit {
  t: TestApp;
  tok: { admin: string; operator: string; approver: string };
  acct: { a1: string; a1s: string; b1: string; b1s: string };
  post(
    path: string,
    body: unknown,
    who?: keyof PayKit['tok'],
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests
  ): Promise<{ code: number; json: { status: { success: boolean; errorMsg: string; replyText: string }; body: Record<string, any> } }>;
  balance(acctNo: string): Promise<{ balance: bigint; frozen: bigint }>;
  pay: ReturnType<typeof payServiceFor>;
  close(): Promise<void>;
}

export const PWD = encodePassword(DEMO_PASSWORD);
export const key = () => randomUUID();

export async function payKit(backend: BackendName): Promise<PayKit> {
  process.env.PAY_SWEEP_MS = '200';
  const t = await startApp(backend);
  const [admin, operator, approver] = await Promise.all(['admin', 'operator', 'approver'].map((u) => login(t.app, u)));
  const rows = await t.sql<{ account_no: string; cus_code: string; account_type: string }>(
    `SELECT a.account_no, cu.cus_code, a.account_type FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = '0' ORDER BY cu.cus_code, a.account_type`,
  );
  const no = (cus: string, type: string) => rows.find((r) => r.cus_code === cus && r.account_type === type)!.account_no;
  const tok = { admin: admin.token, operator: operator.token, approver: approver.token };
  const kit: PayKit = {
    t,
    tok,
    acct: { a1: no('C0101', 'basic'), a1s: no('C0101', 'settlement'), b1: no('C0102', 'basic'), b1s: no('C0102', 'settlement') },
    async post(path, body, who = 'operator') {
      const res = await call(t.app, 'POST', path, body, { token: tok[who] });
      return { code: res.statusCode, json: res.json() };
    },
    async balance(acctNo) {
      const [r] = await t.sql<{ balance: string; frozen: string }>('SELECT balance::text, frozen::text FROM accounts WHERE account_no = $1', [acctNo]);
      return { balance: BigInt(r.balance), frozen: BigInt(r.frozen) };
    },
    pay: payServiceFor(t.database.db),
    close: () => t.close(),
  };
  return kit;
}

/** Submits a single pay as `who` and returns the order. */
export async function submitSingle(k: PayKit, v: { from?: string; to?: string; card?: string; amount: string }, who: keyof PayKit['tok'] = 'operator') {
  const r = await k.post(
    PAY_PATHS.orderSubmit,
    {
      fromAcctNo: v.from ?? k.acct.a1s,
      payeeName: '收款人',
      ...(v.card ? { bankCardNo: v.card } : { payeeAcctNo: v.to ?? k.acct.b1 }),
      amount: v.amount,
      idempotencyKey: key(),
    },
    who,
  );
  expect(r.code, JSON.stringify(r.json)).toBe(200);
  return r.json.body.order as { orderId: string; version: number; status: string };
}

export async function approve(k: PayKit, orderId: string, version: number, who: keyof PayKit['tok'] = 'approver', path: string = PAY_PATHS.auditPass) {
  return k.post(path, { orderIds: [orderId], versions: [version], payPwd: PWD }, who);
}

/** Waits until the executor and the channel are quiet and the sweep carried channel outcomes over. */
export async function settle(k: PayKit): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await k.pay.executor.idle();
    await k.pay.ledger.channel.idle();
    await k.pay.executor.sweep();
  }
}
