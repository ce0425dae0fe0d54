// 发票开具 (/acct/invoiceMake): the invoices with their status; users holding acct:invoice:make issue
// an applied one (开具), which gives it its number (FP + year + 10 digits).
import ListKit from '@/components/list/ListKit';
import type { PageProps } from '@/lib/page';
import { useInvoiceListConfig } from './invoiceList';

export default function InvoiceMake(_props: PageProps) {
  return <ListKit config={useInvoiceListConfig('acct/InvoiceMake')} />;
}
