// 调账申请 (/acct/adjust): a manual credit (调增) or debit (调减) of a customer account with a reason.
// It creates an order that waits for a second person (PayOrderAuditPass; the maker can never
// approve it); below, the adjust orders this user made and their status.
import { lazy } from 'react';
import type { PageProps } from '@/lib/page';
import { useOrderListConfig } from './orderList';
import Workbench from './Workbench';

const Desktop = lazy(() => import('./AdjustForm.desktop'));
const Mobile = lazy(() => import('./AdjustForm.mobile'));

export default function Adjust(_props: PageProps) {
  const config = useOrderListConfig('adjust');
  return <Workbench formTitle="调账申请" listTitle="我的调账" listHeading="我的调账申请" config={config} desktopForm={Desktop} mobileForm={Mobile} />;
}
