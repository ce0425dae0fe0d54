// Live order status (issue 14 §2): which socket pushes reload which screen (src/components/notify/
// useLiveRefresh.ts), who hears of an order (server/modules/pay/liveAudience.ts), and what the maker
// reads in the bell (server/modules/pay/makerNotice.ts).
import { describe, expect, it } from 'vitest';
import { liveMatches } from '@/components/notify/useLiveRefresh';
import { cusInnetAudience, CUS_INNET_WATCH_PERMISSION } from '../../server/modules/cus/liveAudience';
import { payOrderAudience, PAY_ORDER_WATCH_PERMISSION } from '../../server/modules/pay/liveAudience';
import { makerNoticeTitle } from '../../server/modules/pay/makerNotice';

describe('liveMatches', () => {
  const push = { cmd: 'live', kind: 'payOrder', id: 'o1', status: 'approved', tenant: '0' };
  it('a list of a kind reloads for any thing of that kind; a detail only for its own', () => {
    expect(liveMatches(push, { kind: 'payOrder' })).toBe(true);
    expect(liveMatches(push, { kind: 'payOrder', id: 'o1' })).toBe(true);
    expect(liveMatches(push, { kind: 'payOrder', id: 'o2' })).toBe(false);
    expect(liveMatches(push, { kind: 'invoice' })).toBe(false);
  });
  it('announcements and heartbeats are not live pushes; a resync reloads everything', () => {
    expect(liveMatches({ cmd: 'user', msgId: 'm', busId: 'o1' }, { kind: 'payOrder', id: 'o1' })).toBe(false);
    expect(liveMatches({ cmd: 'heartcheck' }, { kind: 'payOrder' })).toBe(false);
    expect(liveMatches({ cmd: 'live', kind: 'resync' }, { kind: 'payOrder', id: 'o9' })).toBe(true);
  });
});

describe('payOrderAudience', () => {
  const notice = { kind: 'payOrder' as const, id: 'o1', tenant: '0', status: 'approved', maker: 'u-maker', cus: ['C0101', 'C0102'] };
  const asked: string[] = [];
  const allows = (granted: boolean) => async (userId: string, tenantId: string, permission: string) => {
    asked.push(`${userId}@${tenantId}:${permission}`);
    return granted;
  };
  it('users of the tenant who may list or approve orders, and always the maker', async () => {
    expect(await payOrderAudience({ userId: 'u-a', tenantId: '0', cusCode: null }, notice, allows(true))).toBe(true);
    expect(asked.at(-1)).toBe(`u-a@0:${PAY_ORDER_WATCH_PERMISSION}`);
    expect(await payOrderAudience({ userId: 'u-a', tenantId: '0', cusCode: null }, notice, allows(false))).toBe(false);
    expect(await payOrderAudience({ userId: 'u-maker', tenantId: '0', cusCode: null }, notice, allows(false))).toBe(true);
  });
  it('never another tenant, and a customer only for orders of their customer', async () => {
    expect(await payOrderAudience({ userId: 'u-maker', tenantId: '1', cusCode: null }, notice, allows(true))).toBe(false);
    expect(await payOrderAudience({ userId: 'u-c', tenantId: '0', cusCode: 'C0102' }, notice, allows(true))).toBe(true);
    expect(await payOrderAudience({ userId: 'u-c', tenantId: '0', cusCode: 'C0999' }, notice, allows(true))).toBe(false);
    expect(await payOrderAudience({ userId: 'u-c', tenantId: '0', cusCode: '' }, { ...notice, cus: [null, null] }, allows(true))).toBe(false);
  });
});

describe('cusInnetAudience', () => {
  const notice = { kind: 'cusInnet' as const, id: 'i1', tenant: '0', status: 'opened', cus: 'C0101' };
  const allows = (granted: boolean) => async (_u: string, _t: string, permission: string) => granted && permission === CUS_INNET_WATCH_PERMISSION;
  it('users of the tenant who may see customers or applications; a customer-side user only for their own customer', async () => {
    expect(await cusInnetAudience({ userId: 'u-a', tenantId: '0', cusCode: null }, notice, allows(true))).toBe(true);
    expect(await cusInnetAudience({ userId: 'u-a', tenantId: '0', cusCode: null }, notice, allows(false))).toBe(false);
    expect(await cusInnetAudience({ userId: 'u-a', tenantId: '1', cusCode: null }, notice, allows(true))).toBe(false);
    expect(await cusInnetAudience({ userId: 'u-c', tenantId: '0', cusCode: 'C0101' }, notice, allows(true))).toBe(true);
    expect(await cusInnetAudience({ userId: 'u-c', tenantId: '0', cusCode: 'C0102' }, notice, allows(true))).toBe(false);
    expect(await cusInnetAudience({ userId: 'u-c', tenantId: '0', cusCode: '' }, notice, allows(true))).toBe(false);
  });
});

describe('makerNoticeTitle', () => {
  const o = { kind: 'single' as const, order_no: 'PO2026112500000007' };
  it('decisions and results in the maker’s words, with the reason where there is one', () => {
    expect(makerNoticeTitle(o, 'approved', null)).toBe('您的付款订单 PO2026112500000007 已审核通过');
    expect(makerNoticeTitle(o, 'rejected', ' 用途不明 ')).toBe('您的付款订单 PO2026112500000007 已驳回：用途不明');
    expect(makerNoticeTitle(o, 'succeeded', null)).toBe('您的付款订单 PO2026112500000007 已成功');
    expect(makerNoticeTitle(o, 'failed', '渠道拒绝')).toBe('您的付款订单 PO2026112500000007 失败：渠道拒绝');
    expect(makerNoticeTitle({ ...o, kind: 'refund' }, 'partial', '1笔付款失败')).toBe('您的退款申请 PO2026112500000007 部分成功：1笔付款失败');
    expect(makerNoticeTitle({ ...o, kind: 'distribution' }, 'approved', null)).toBe('您的分账申请 PO2026112500000007 已审核通过');
  });
  it('nothing for statuses the maker is not told of; never past the 100-character title', () => {
    for (const s of ['draft', 'pending', 'executing', 'cancelled'] as const) expect(makerNoticeTitle(o, s, null)).toBeNull();
    const long = makerNoticeTitle(o, 'rejected', '很'.repeat(300))!;
    expect(long.length).toBe(100);
    expect(long.endsWith('…')).toBe(true);
  });
});
