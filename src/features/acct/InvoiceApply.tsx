// 开票申请 (/acct/invoiceApply): an invoice request for a customer against what it paid (never more
// than paid − refunded − already invoiced); below, the invoices and their status. Issuing one
// (发票开具) gives it its number.
import { lazy } from 'react';
import type { PageProps } from '@/lib/page';
import { useInvoiceListConfig } from './invoiceList';
import Workbench from './Workbench';

const Desktop = lazy(() => import('./InvoiceForm.desktop'));
const Mobile = lazy(() => import('./InvoiceForm.mobile'));

export default function InvoiceApply(_props: PageProps) {
  const config = useInvoiceListConfig('acct/InvoiceApply');
  return <Workbench formTitle="开票申请" listTitle="发票列表" listHeading="发票列表" config={config} desktopForm={Desktop} mobileForm={Mobile} />;
}
