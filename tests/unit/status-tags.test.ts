// One colour table for order and account statuses, shown alike by antd (desktop) and antd-mobile
// (phone cards). The phone cards once showed every payment order status grey because the payCus
// list gave hex colours the card list did not know.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS_COLOR, ORDER_STATUS_COLOR, mobileTagColor } from '@/components/statusTags';

describe('status tag colours', () => {
  it('gives every order status an antd-mobile colour, grey only for draft and cancelled', () => {
    const grey = Object.entries(ORDER_STATUS_COLOR)
      .filter(([, tone]) => mobileTagColor(tone) === 'default')
      .map(([s]) => s);
    expect(grey.sort()).toEqual(['cancelled', 'draft']);
    expect(mobileTagColor(ORDER_STATUS_COLOR.succeeded)).toBe('success');
    expect(mobileTagColor(ORDER_STATUS_COLOR.failed)).toBe('danger');
    expect(mobileTagColor(ORDER_STATUS_COLOR.pending)).toBe('warning');
    expect(mobileTagColor(ORDER_STATUS_COLOR.executing)).toBe('primary');
  });

  it('maps account statuses and falls back to grey for a colour it does not know', () => {
    expect(mobileTagColor(ACCOUNT_STATUS_COLOR.normal)).toBe('success');
    expect(mobileTagColor(ACCOUNT_STATUS_COLOR.frozen)).toBe('danger');
    expect(mobileTagColor('#52c41a')).toBe('default');
    expect(mobileTagColor(undefined)).toBe('default');
  });
});
