// Demo payment history (BOSS_DEMO_HISTORY, config.ts): about a month of payment orders of the demo
// customers C0101 and C0102 (tenant 0), so a fresh start shows a working 工作台, 数据分析 and order
// lists. Seeded once, into a database whose demo data nobody has used yet (no payment order, no fee
// rule, the demo accounts holding only their opening charge), under a session advisory lock. A run
// cut short (the process killed half-way) is not resumed: the next start sees its orders and stops.
//
// Everything goes through the real services, as the HTTP routes call them: a platform fee rule
// proposed by the demo operator and approved by the demo approver (FeeRuleService), then each order
// submitted by the operator (PayService.create: the hold), approved (PayService.decide: execution by
// PayExecutor, the fee on top) or rejected by the approver, or cancelled by the operator. Every balance
// change is a ledger posting with its actor, reason and idempotency key. Card payments go through the
// built-in channel simulator, whose deterministic rule fails amounts ending in .99 (the failed orders);
// here one with no latency, so the seed need not wait for callbacks. The approval's payment password
// is the route's check of a person, not the service's, and is not asked here.
//
// Time: the services stamp now(). Afterwards, in one transaction, the order rows, their events, the
// maker's notices and the fee rule are moved to the planned moments of the last 30 days (the
// summaries of migration 0043 follow through their trigger). The money stays where it happened: ledger
// entries are hash-chained with their created_at and append-only, so they (and the fee charges and
// channel orders recorded with them) keep the seed's time, as do the order numbers (dated at seed).
import { DEMO_USERS } from '../../db/seed';
import type { Database } from '../../db/client';
import { ChannelSimulator } from '../../adapters/channel/simulator';
import { formatDate } from '../../../contract/time';
import { LedgerService } from '../ledger/service';
import { storeOfDb, type LedgerStore } from '../ledger/store';
import { FeeRuleService, type FeeCtx } from '../fee/rules';
import { PayExecutor } from './executor';
import { PayService, type PayCtx } from './service';

const LOCK_KEY = 72026031;
const TENANT = '0';
const DAY_MS = 86_400_000;
const KEY_PREFIX = 'demo-history:';
const SEED = 20260101;

const person = (username: 'operator' | 'approver') => {
  const u = DEMO_USERS.find((x) => x.username === username)!;
  return { id: u.id, name: u.realname };
};

type Outcome = 'succeeded' | 'failed' | 'rejected' | 'cancelled' | 'pending';
/** A payee: the other demo customer's settlement account, or an external card. */
type Payee = { cus: 'C0101' | 'C0102' } | { name: string; card: string };

const LOGISTICS: Payee = { name: '北京示例物流有限公司', card: '6222021001112223334' };
const ELECTRONICS: Payee = { name: '苏州示例电子有限公司', card: '6217001234567890123' };
const PACKAGING: Payee = { name: '宁波示例包装有限公司', card: '6228481234567890127' };
const TO_C0101: Payee = { cus: 'C0101' };
const TO_C0102: Payee = { cus: 'C0102' };

interface Plan {
  /** Business days before today (0: today). */
  back: number;
  from: 'C0101' | 'C0102';
  /** One payee (single pay) or rows (batch pay). */
  to: Payee | { rows: { payee: Payee; amount: string }[] };
  amount: string;
  remark: string;
  outcome: Outcome;
  /** Why it was rejected or cancelled. */
  reason?: string;
}

/** The history, oldest first. Failed ones end in .99: the channel simulator's failure rule. */
export const DEMO_HISTORY: readonly Plan[] = [
  { back: 29, from: 'C0101', to: LOGISTICS, amount: '12800.00', remark: '运费结算', outcome: 'succeeded' },
  { back: 28, from: 'C0102', to: TO_C0101, amount: '5600.00', remark: '货款', outcome: 'succeeded' },
  { back: 27, from: 'C0101', to: TO_C0102, amount: '23500.00', remark: '采购货款', outcome: 'succeeded' },
  { back: 26, from: 'C0101', to: ELECTRONICS, amount: '8650.00', remark: '设备款', outcome: 'rejected', reason: '缺少采购合同，请补充后重新提交' },
  { back: 25, from: 'C0102', to: PACKAGING, amount: '3280.50', remark: '包装材料款', outcome: 'succeeded' },
  { back: 24, from: 'C0101', to: ELECTRONICS, amount: '8650.00', remark: '设备款（已补充合同）', outcome: 'succeeded' },
  {
    back: 22,
    from: 'C0101',
    to: {
      rows: [
        { payee: LOGISTICS, amount: '2400.00' },
        { payee: PACKAGING, amount: '1850.00' },
        { payee: TO_C0102, amount: '6300.00' },
      ],
    },
    amount: '10550.00',
    remark: '月度供应商结算',
    outcome: 'succeeded',
  },
  { back: 21, from: 'C0102', to: TO_C0101, amount: '9900.00', remark: '货款', outcome: 'succeeded' },
  { back: 20, from: 'C0101', to: PACKAGING, amount: '4999.99', remark: '包装材料款', outcome: 'failed' },
  { back: 19, from: 'C0101', to: PACKAGING, amount: '5000.00', remark: '包装材料款（重新支付）', outcome: 'succeeded' },
  { back: 18, from: 'C0102', to: LOGISTICS, amount: '2150.00', remark: '运费', outcome: 'succeeded' },
  { back: 17, from: 'C0101', to: TO_C0102, amount: '18000.00', remark: '采购货款', outcome: 'succeeded' },
  { back: 15, from: 'C0102', to: ELECTRONICS, amount: '6420.00', remark: '配件款', outcome: 'rejected', reason: '收款账户与合同约定不一致' },
  { back: 14, from: 'C0101', to: LOGISTICS, amount: '11300.00', remark: '运费结算', outcome: 'succeeded' },
  { back: 13, from: 'C0101', to: TO_C0102, amount: '7500.00', remark: '服务费', outcome: 'cancelled', reason: '客户撤回付款申请' },
  { back: 12, from: 'C0102', to: TO_C0101, amount: '4200.00', remark: '货款', outcome: 'succeeded' },
  { back: 10, from: 'C0101', to: ELECTRONICS, amount: '15600.00', remark: '设备款', outcome: 'succeeded' },
  { back: 9, from: 'C0102', to: PACKAGING, amount: '1288.00', remark: '包装材料款', outcome: 'succeeded' },
  { back: 8, from: 'C0101', to: TO_C0102, amount: '26000.00', remark: '采购货款', outcome: 'succeeded' },
  { back: 7, from: 'C0102', to: LOGISTICS, amount: '3099.99', remark: '运费', outcome: 'failed' },
  { back: 6, from: 'C0101', to: PACKAGING, amount: '2760.00', remark: '包装材料款', outcome: 'rejected', reason: '重复付款，已有相同订单' },
  { back: 5, from: 'C0102', to: LOGISTICS, amount: '3100.00', remark: '运费（重新支付）', outcome: 'succeeded' },
  { back: 4, from: 'C0101', to: LOGISTICS, amount: '9850.00', remark: '运费结算', outcome: 'succeeded' },
  { back: 3, from: 'C0101', to: TO_C0102, amount: '12000.00', remark: '采购货款', outcome: 'succeeded' },
  { back: 2, from: 'C0102', to: ELECTRONICS, amount: '4500.00', remark: '配件款', outcome: 'succeeded' },
  { back: 1, from: 'C0101', to: PACKAGING, amount: '3600.00', remark: '包装材料款', outcome: 'succeeded' },
  { back: 1, from: 'C0102', to: TO_C0101, amount: '2300.00', remark: '货款', outcome: 'rejected', reason: '付款用途填写不完整' },
  { back: 0, from: 'C0101', to: LOGISTICS, amount: '6800.00', remark: '运费结算', outcome: 'succeeded' },
  { back: 0, from: 'C0102', to: TO_C0101, amount: '1500.00', remark: '货款', outcome: 'succeeded' },
  { back: 0, from: 'C0101', to: ELECTRONICS, amount: '4200.00', remark: '设备款', outcome: 'succeeded' },
  { back: 0, from: 'C0101', to: TO_C0102, amount: '8800.00', remark: '采购货款', outcome: 'pending' },
  { back: 0, from: 'C0102', to: PACKAGING, amount: '2680.00', remark: '包装材料款', outcome: 'pending' },
  { back: 0, from: 'C0101', to: ELECTRONICS, amount: '13500.00', remark: '设备款', outcome: 'pending' },
  { back: 0, from: 'C0102', to: LOGISTICS, amount: '1960.00', remark: '运费', outcome: 'pending' },
];

/** The demo fee rule: every payment (single pay) of the tenant pays 0.1 %, at least 1 yuan, at most 50 yuan, on top. */
export const DEMO_FEE_RULE = { scope: 'platform', txType: 'payment', method: 'percent', rate: '0.1', minFee: '1', maxFee: '50' } as const;

const demoText = (s: string) => `演示数据：${s}`;

/** mulberry32: a small seeded pseudo-random sequence in [0, 1), so every seed places the history alike. */
function sequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Midnight (China time) of the business day `back` days before `now`. */
const dayStart = (back: number, now: number) => Date.parse(`${formatDate(now - back * DAY_MS)}T00:00:00+08:00`);

interface Moments {
  submitted: number;
  /** Approved or rejected (null: never decided). */
  decided: number | null;
  /** Reached its final status after execution. */
  finished: number | null;
  cancelled: number | null;
}

/**
 * When each order of the plan is submitted, decided and finished: working hours of past days, and
 * the part of today already gone for today's (always before `now`, in plan order within a day).
 */
export function planMoments(now: number, plan: readonly Plan[] = DEMO_HISTORY): Moments[] {
  const rnd = sequence(SEED);
  const today = plan.filter((p) => p.back === 0).length;
  let todayIndex = 0;
  let last = 0;
  return plan.map((p) => {
    const start = dayStart(p.back, now);
    let submitted: number;
    let room: number;
    if (p.back === 0) {
      // Today: spread over the time since midnight, each order with room before the next.
      const span = Math.max(60_000, now - start);
      const slot = span / (today + 1);
      submitted = Math.floor(start + slot * todayIndex++ + rnd() * slot * 0.3);
      room = slot * 0.6;
    } else {
      // 09:00–16:00 China time, after the plan's previous order of the day.
      submitted = Math.max(last + 600_000, Math.floor(start + 9 * 3_600_000 + rnd() * 7 * 3_600_000));
      room = 3 * 3_600_000;
    }
    last = submitted;
    const lag = Math.floor(Math.min(room, 600_000 + rnd() * 2 * 3_600_000) * (p.back === 0 ? 0.5 + rnd() * 0.5 : 1));
    const decided = p.outcome === 'pending' || p.outcome === 'cancelled' ? null : submitted + lag;
    const external = 'rows' in p.to || 'card' in p.to;
    const run = external ? 20_000 + Math.floor(rnd() * 60_000) : 1_000 + Math.floor(rnd() * 2_000);
    const finished = p.outcome === 'succeeded' || p.outcome === 'failed' ? decided! + Math.min(run, Math.max(1_000, Math.floor(room / 4))) : null;
    const cancelled = p.outcome === 'cancelled' ? submitted + lag : null;
    // Never after now (a start just past midnight leaves today little room).
    const by = (t: number | null) => (t === null ? null : Math.min(t, now));
    return { submitted: by(submitted)!, decided: by(decided), finished: by(finished), cancelled: by(cancelled) };
  });
}

/**
 * Seeds the history into a database whose demo data is untouched (see the file's head). Answers how
 * many orders it made (0: not wanted here, or already done). Needs the demo users and customers.
 */
export async function seedDemoPayHistory(database: Database, opts: { now?: number; log?: (msg: string) => void } = {}): Promise<number> {
  const conn = await database.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      const store = storeOfDb(database.db);
      const accounts = await untouchedDemoAccounts(store);
      if (!accounts) return 0;
      return await seed(store, accounts, opts.now ?? Date.now(), opts.log ?? (() => {}));
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    await conn.release();
  }
}

type DemoAccounts = Record<'C0101' | 'C0102', string>;

/** The demo customers' settlement accounts when nothing has used them yet; null otherwise. */
async function untouchedDemoAccounts(store: LedgerStore): Promise<DemoAccounts | null> {
  const [used] = await store.query<{ orders: boolean; rules: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pay_orders WHERE tenant_id = $1) AS orders, EXISTS (SELECT 1 FROM fee_rules WHERE tenant_id = $1) AS rules`,
    [TENANT],
  );
  if (used.orders || used.rules) return null;
  const rows = await store.query<{ cus_code: string; account_no: string; postings: string; frozen: string }>(
    `SELECT cu.cus_code, a.account_no, a.frozen::text, (SELECT count(*) FROM postings p WHERE p.account_id = a.id)::text AS postings
       FROM accounts a JOIN customers cu ON cu.id = a.customer_id
      WHERE a.tenant_id = $1 AND cu.cus_code IN ('C0101', 'C0102') AND a.account_type = 'settlement'`,
    [TENANT],
  );
  if (rows.length !== 2 || rows.some((r) => r.postings !== '1' || r.frozen !== '0')) return null;
  return Object.fromEntries(rows.map((r) => [r.cus_code, r.account_no])) as DemoAccounts;
}

async function seed(store: LedgerStore, accounts: DemoAccounts, now: number, log: (msg: string) => void): Promise<number> {
  const operator = person('operator');
  const approver = person('approver');
  const channel = new ChannelSimulator({ minLatencyMs: 0, maxLatencyMs: 0, log });
  const ledger = new LedgerService(store, channel);
  // As instance.ts builds them, without telling approvers of each order as it is submitted: these are
  // history, not requests arriving now (the maker's notices of decisions are written, and dated below).
  const box: { pay?: PayService } = {};
  const executor = new PayExecutor(ledger, (c, o, actor, tag) => box.pay!.releaseIn(c, o, actor, tag), log);
  const pay = (box.pay = new PayService(ledger, executor, () => {}));
  try {
    const feeCtx = (actor: { id: string; name: string }): FeeCtx => ({ tenantId: TENANT, actor, cusCode: null });
    const rules = new FeeRuleService(store);
    const rule = await rules.propose(feeCtx(operator), { ...DEMO_FEE_RULE, remark: demoText('平台付款服务费') }, { userId: operator.id, canApprove: false });
    await rules.decide(feeCtx(approver), rule.ruleId, { approve: true }, { userId: approver.id, canApprove: true });

    const moments = planMoments(now);
    // Every step in time order, so the events' ids follow their moments (近期动态 reads by id).
    type Step = { at: number; i: number; act: 'submit' | 'decide' | 'cancel' };
    const steps: Step[] = moments.flatMap((m, i) => [
      { at: m.submitted, i, act: 'submit' as const },
      ...(m.decided !== null ? [{ at: m.decided, i, act: 'decide' as const }] : []),
      ...(m.cancelled !== null ? [{ at: m.cancelled, i, act: 'cancel' as const }] : []),
    ]);
    steps.sort((a, b) => a.at - b.at || a.i - b.i);
    const ctx = (actor: { id: string; name: string }): PayCtx => ({ tenantId: TENANT, cusCode: null, scope: null, actor });
    const ids: string[] = [];
    for (const s of steps) {
      const p = DEMO_HISTORY[s.i];
      if (s.act === 'submit') {
        const kind = 'rows' in p.to ? 'batch' : 'single';
        const o = await pay.create(ctx(operator), kind, payloadOf(p, accounts), {
          draft: false,
          idempotencyKey: `${KEY_PREFIX}${String(s.i + 1).padStart(2, '0')}`,
        });
        ids[s.i] = o.id;
      } else if (s.act === 'cancel') {
        await pay.cancel(ctx(operator), ids[s.i], demoText(p.reason ?? '撤销'));
      } else {
        const approve = p.outcome !== 'rejected';
        const out = await pay.decide(
          ctx(approver),
          ids[s.i],
          approve ? { approve: true, version: 1 } : { approve: false, reason: demoText(p.reason ?? '驳回') },
        );
        if (!out.ok) throw new Error(`demo history: order ${s.i + 1}: ${out.message}`);
        // A card payment's outcome comes back through the channel; a batch runs in the background.
        await settle(pay, channel);
      }
    }
    await settle(pay, channel);
    await placeInTime(store, ids, moments, rule.ruleId, now);
    return ids.length;
  } finally {
    channel.close();
  }
}

/** Waits for running executions and the channel's callbacks, then carries the outcomes to the orders. */
async function settle(pay: PayService, channel: ChannelSimulator): Promise<void> {
  for (let round = 0; round < 10; round++) {
    await pay.executor.idle();
    await channel.idle();
    const [open] = await pay.ledger.store.query<{ n: string }>(`SELECT count(*)::text AS n FROM pay_orders WHERE tenant_id = $1 AND status = 'executing'`, [
      TENANT,
    ]);
    if (open.n === '0') return;
    await pay.executor.sweep();
  }
}

function payloadOf(p: Plan, accounts: DemoAccounts): Record<string, unknown> {
  const payee = (to: Payee) =>
    'cus' in to
      ? { payeeName: to.cus === 'C0101' ? '上海示例贸易有限公司' : '杭州示例供应链有限公司', payeeAcctNo: accounts[to.cus] }
      : { payeeName: to.name, bankCardNo: to.card };
  const remark = demoText(p.remark);
  if ('rows' in p.to) return { fromAcctNo: accounts[p.from], rows: p.to.rows.map((r) => ({ ...payee(r.payee), amount: r.amount, remark })), remark };
  return { fromAcctNo: accounts[p.from], ...payee(p.to), amount: p.amount, remark };
}

/**
 * Moves the orders' workflow (rows, events, the maker's notices) and the fee rule to their planned
 * moments; the ledger keeps its own. Only orders still in their planned state move (one a user has
 * decided meanwhile keeps the moments it has).
 */
async function placeInTime(store: LedgerStore, ids: string[], moments: Moments[], ruleId: string, now: number): Promise<void> {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  const planned = [
    ids,
    DEMO_HISTORY.map((p) => p.outcome),
    moments.map((m) => iso(m.submitted)),
    moments.map((m) => iso(m.decided)),
    moments.map((m) => iso(m.finished)),
    moments.map((m) => iso(m.cancelled)),
  ];
  const today = new Date(dayStart(0, now)).toISOString();
  const x = `WITH x AS (
    SELECT u.* FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[])
                    AS u(id, status, submitted, decided, finished, cancelled)
      JOIN pay_orders p ON p.id = u.id AND p.status = u.status)`;
  await store.tx(async (c) => {
    await c.query(
      `${x} UPDATE pay_orders o SET created_at = x.submitted, submitted_at = x.submitted, decided_at = CASE WHEN o.decided_at IS NOT NULL THEN x.decided END,
              finished_at = CASE WHEN o.finished_at IS NOT NULL THEN x.finished END, updated_at = COALESCE(x.finished, x.cancelled, x.decided, x.submitted)
         FROM x WHERE o.id = x.id`,
      planned,
    );
    await c.query(
      `${x} UPDATE pay_order_events e SET created_at = COALESCE(CASE e.action WHEN 'create' THEN x.submitted WHEN 'submit' THEN x.submitted
              WHEN 'approve' THEN x.decided WHEN 'reject' THEN x.decided WHEN 'execute' THEN x.decided + interval '1 second' WHEN 'result' THEN x.finished
              WHEN 'cancel' THEN x.cancelled END, e.created_at)
         FROM x WHERE e.order_id = x.id`,
      planned,
    );
    await c.query(`${x} UPDATE pay_batch_rows r SET updated_at = x.finished FROM x WHERE r.order_id = x.id AND x.finished IS NOT NULL`, planned);
    // The maker's notices: a decision's at its moment, a result's at the end; those of past days read.
    await c.query(
      `${x}, n AS (
         SELECT a.id, CASE WHEN a.titile LIKE '%已审核通过%' OR a.titile LIKE '%已驳回%' THEN x.decided ELSE COALESCE(x.finished, x.decided) END AS at
           FROM announcements a JOIN x ON a.bus_id = x.id),
       moved AS (UPDATE announcements a SET send_time = n.at, create_time = n.at FROM n WHERE a.id = n.id AND n.at IS NOT NULL RETURNING a.id, a.send_time)
       UPDATE announcement_send s SET create_time = m.send_time,
              read_flag = CASE WHEN m.send_time < $7::timestamptz THEN 1 ELSE s.read_flag END,
              read_time = CASE WHEN m.send_time < $7::timestamptz THEN m.send_time + interval '20 minutes' ELSE s.read_time END
         FROM moved m WHERE s.annt_id = m.id`,
      [...planned, today],
    );
    // The fee rule was proposed and approved the day before the first order.
    const proposed = new Date(dayStart(DEMO_HISTORY[0].back + 1, now) + 10 * 3_600_000);
    const approved = new Date(proposed.getTime() + 3_600_000);
    await c.query(`UPDATE fee_rules SET created_at = $2, decided_at = $3, effective_from = $3 WHERE id = $1`, [
      ruleId,
      proposed.toISOString(),
      approved.toISOString(),
    ]);
  });
}
