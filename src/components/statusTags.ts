// Status tag colours, one table for every page that shows a payment order's or an account's
// status. A status maps to an antd preset colour name (desktop Tag, the list kit's tag columns);
// a phone view turns that name into an antd-mobile Tag colour with mobileTagColor, so a status
// looks the same in both kits and on every page.
import type { AccountStatus } from '@contract/api/ledger';
import type { PayOrderStatus } from '@contract/api/pay';

export type TagTone = 'default' | 'green' | 'red' | 'magenta' | 'orange' | 'gold' | 'blue' | 'processing';

export const ORDER_STATUS_COLOR: Record<PayOrderStatus, TagTone> = {
  draft: 'default',
  pending: 'orange',
  approved: 'blue',
  executing: 'processing',
  succeeded: 'green',
  failed: 'red',
  partial: 'gold',
  rejected: 'magenta',
  cancelled: 'default',
};

export const ACCOUNT_STATUS_COLOR: Record<AccountStatus, TagTone> = { normal: 'green', frozen: 'red', closed: 'default' };

const MOBILE: Record<TagTone, string> = {
  default: 'default',
  green: 'success',
  red: 'danger',
  magenta: '#c41d7f', // antd magenta-7: text on white ≥ 4.5:1 (#eb2f96 was 3.9:1)
  orange: 'warning',
  gold: 'warning',
  blue: 'primary',
  processing: 'primary',
};

/** An antd colour name → the antd-mobile Tag colour shown for it ('default' for one it does not know). */
export const mobileTagColor = (tone: string | undefined): string => MOBILE[tone as TagTone] ?? 'default';
