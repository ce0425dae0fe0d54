// 退款申请 (/acct/refundApply): refund part or all of a succeeded single payment to an account of this
// platform, bounded by what is still refundable (paid − refunded − refunds in approval). It creates
// an order that waits for a second person; below, the refund orders this user made.
import { lazy } from 'react';
import type { PageProps } from '@/lib/page';
import { useOrderListConfig } from './orderList';
import Workbench from './Workbench';

const Desktop = lazy(() => import('./RefundForm.desktop'));
const Mobile = lazy(() => import('./RefundForm.mobile'));

export default function RefundApply(_props: PageProps) {
  const config = useOrderListConfig('refund');
  return <Workbench formTitle="退款申请" listTitle="我的退款" listHeading="我的退款申请" config={config} desktopForm={Desktop} mobileForm={Mobile} />;
}
