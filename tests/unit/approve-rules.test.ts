// The approver's pure rules: amounts shown as '¥1,234.50' and summed in bigint fen, card headlines,
// the tab badge, the 审批 tab's permission, the per-order outcome of a decision, and 'payOrder' pushes.
import { describe, expect, it } from 'vitest';
import { sumFen } from '@contract/money';
import { PAY_MSG, PAY_PERMS, type PayOrderView } from '@contract/api/pay';
import { APPROVE_PAGES, approveDetailUrl } from '@contract/pages/approve';
import {
  asPayOrderPush,
  badgeText,
  canApprove,
  failedOutcome,
  isPasswordFailure,
  orderTitle,
  remarkLabel,
  summarizeOutcome,
  timeText,
} from '@/features/approve/rules';
import { approvePages } from '@/features/approve/pages';
import { APPROVE_MENU } from '../../server/menus/approve';

const order = (o: Partial<PayOrderView>): PayOrderView => ({
  orderId: 'o1',
  orderNo: 'P0001',
  kind: 'single',
  kindText: '单笔付款',
  status: 'pending',
  statusText: '待审批',
  version: 1,
  fromAcctNo: '6200001',
  fromCusCode: 'C0001',
  fromCusName: '示例企业',
  payeeName: '张三',
  payeeAcctNo: '6200002',
  bankCardNo: null,
  amount: '1234.50',
  remark: '',
  direction: null,
  origOrderId: null,
  refundedAmount: '0.00',
  rowCount: 1,
  succeededCount: 0,
  failedCount: 0,
  makerId: 'u-op',
  makerName: '经办员',
  approverId: null,
  approverName: null,
  rejectReason: null,
  failReason: null,
  createdAt: '2026-11-22 10:00:00',
  submittedAt: '2026-11-22 10:01:00',
  decidedAt: null,
  finishedAt: null,
  canAudit: true,
  canEdit: false,
  ...o,
});

describe('amounts', () => {
  it('sums in fen without floating-point drift', () => {
    const picked = [order({ amount: '0.10' }), order({ amount: '0.20' }), order({ amount: '99999999.99' })];
    expect(sumFen(picked)).toBe(10_000_000_029n);
  });
});

describe('cards and badge', () => {
  it('names the payee of a single pay and the size of a batch', () => {
    expect(orderTitle(order({}))).toBe('张三');
    expect(orderTitle(order({ kind: 'batch', kindText: '批量付款', payeeName: null, rowCount: 3 }))).toBe('批量付款（3笔）');
    expect(orderTitle(order({ kind: 'batch', kindText: '批量付款', remark: '11月工资' }))).toBe('批量付款 · 11月工资');
    expect(orderTitle(order({ kind: 'adjust', kindText: '调账', direction: 'debit', payeeAcctNo: null }))).toBe('调账（调减） · 6200001');
    expect(orderTitle(order({ kind: 'refund', kindText: '退款', payeeName: '原付款账户', payeeAcctNo: '6200002' }))).toBe('退款 · 6200002');
    expect(remarkLabel('adjust')).toBe('原因');
    expect(remarkLabel('single')).toBe('备注');
  });
  it('shows times to the minute', () => {
    expect(timeText('2026-11-22 10:01:59')).toBe('2026-11-22 10:01');
    expect(timeText(null)).toBe('');
  });
  it('badge: nothing at zero, 99+ past 99', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(3)).toBe('3');
    expect(badgeText(100)).toBe('99+');
  });
  it('the 审批 tab needs pay:order:approve, and a disabled switch denies it', () => {
    const granted = [{ type: '2' as const, action: PAY_PERMS.approve, status: '1' as const }];
    expect(canApprove({ auth: granted, allAuth: granted })).toBe(true);
    expect(canApprove({ auth: [], allAuth: granted })).toBe(false);
    expect(canApprove({ auth: granted, allAuth: [{ ...granted[0], status: '0' }] })).toBe(false);
  });
});

describe('outcomes of a decision', () => {
  const picked = [order({ orderId: 'a', orderNo: 'P1' }), order({ orderId: 'b', orderNo: 'P2' }), order({ orderId: 'c', orderNo: 'P3' })];
  it('lists every picked order with its own result, in the order picked', () => {
    const s = summarizeOutcome(
      {
        results: [
          { orderId: 'c', ok: false, code: 403, message: PAY_MSG.selfApprove, status: 'pending' },
          { orderId: 'a', ok: true, code: 200, message: '', status: 'approved' },
          { orderId: 'b', ok: false, code: 409, message: '', status: 'approved' },
        ],
        passed: 1,
        failed: 2,
      },
      picked,
      'approve',
    );
    expect(s.title).toBe('1 笔成功，2 笔失败');
    expect(s.allOk).toBe(false);
    expect(s.lines.map((l) => [l.orderNo, l.ok, l.text])).toEqual([
      ['P1', true, '审批通过'],
      ['P2', false, PAY_MSG.raced],
      ['P3', false, PAY_MSG.selfApprove],
    ]);
  });
  it('all passed / a single failure / rejects', () => {
    const ok = summarizeOutcome(
      { results: picked.map((o) => ({ orderId: o.orderId, ok: true, code: 200, message: '', status: 'approved' })), passed: 3, failed: 0 },
      picked,
      'approve',
    );
    expect(ok).toMatchObject({ title: '审批通过 3 笔', allOk: true });
    expect(failedOutcome(picked[0], 403, PAY_MSG.selfApprove, 'approve')).toMatchObject({ title: '审批通过失败', lines: [{ text: PAY_MSG.selfApprove }] });
    const missing = summarizeOutcome({ results: [], passed: 0, failed: 0 }, [picked[0]], 'reject');
    expect(missing).toMatchObject({ title: '驳回失败', lines: [{ ok: false, text: PAY_MSG.orderNotFound }] });
  });
  it('keeps the password prompt open only for password failures', () => {
    expect(isPasswordFailure(PAY_MSG.payPwdWrong(4))).toBe(true);
    expect(isPasswordFailure(PAY_MSG.payPwdNotSet)).toBe(true);
    expect(isPasswordFailure(PAY_MSG.raced)).toBe(false);
  });
});

describe('pushes and pages', () => {
  it('reads a payOrder push and ignores other pushes', () => {
    expect(asPayOrderPush({ cmd: 'user', type: 'payOrder', orderId: 'o9', titile: '新的付款订单待审批', msgTxt: '批量付款 3 笔' })).toEqual({
      orderId: 'o9',
      titile: '新的付款订单待审批',
      msgTxt: '批量付款 3 笔',
    });
    expect(asPayOrderPush({ cmd: 'user', msgId: 'm1', titile: '公告' })).toBeNull();
    expect(asPayOrderPush({ cmd: 'user', type: 'payOrder' })).toBeNull();
    expect(asPayOrderPush({ type: 'payOrder', orderId: 'x' })?.titile).toBe('新的待审批订单');
  });
  it('every page key has a module and a menu row; the detail is hidden and a notification opens it', () => {
    expect(Object.keys(approvePages).sort()).toEqual([...APPROVE_PAGES].sort());
    for (const key of APPROVE_PAGES) expect(APPROVE_MENU.some((m) => m.component === key && m.grant?.includes('approver'))).toBe(true);
    const detail = APPROVE_MENU.find((m) => m.component === 'approve/ApproveDetail')!;
    expect(detail.hidden).toBe(true);
    expect(approveDetailUrl('a b')).toBe(`${detail.path}?id=a%20b`);
  });
});
