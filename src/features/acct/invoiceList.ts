// Invoices on the list kit (发票开具 and the list under 开票申请): status, number once issued, and
// 开具 for users holding acct:invoice:make, which issues an applied invoice with its number.
// Kit-free, so both the phone and the desktop view use it.
import { useMemo } from 'react';
import { PAY_PATHS, PAY_PERMS, type InvoiceView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { reloadAfter } from '@/components/list/reloadAfter';
import { invoicesPage, makeInvoice, pageResult, pagingOf } from './acctApi';
import { INVOICE_STATUS_COLOR, INVOICE_STATUS_TEXT, timeText } from './acctRules';

export type InvoiceRow = ListRow & InvoiceView & { amountText: string; timeText: string; invoiceNoText: string };

const rowOf = (i: InvoiceView): InvoiceRow => ({
  ...i,
  id: i.invoiceId,
  amountText: yuanText(i.amount),
  // Issued: when it was issued; applied: when it was applied for.
  timeText: i.issuedAt ? timeText(i.issuedAt) : timeText(i.createdAt),
  invoiceNoText: i.invoiceNo ?? '待开具',
});

export function useInvoiceListConfig(pageKey: 'acct/InvoiceApply' | 'acct/InvoiceMake'): ListKitConfig<InvoiceRow> {
  return useMemo<ListKitConfig<InvoiceRow>>(
    () => ({
      pageKey,
      title: '发票',
      url: { list: PAY_PATHS.invoiceInquiry },
      fetchList: async (params) => {
        const { pageNum, pageSize } = pagingOf(params);
        const status = params.status === 'applied' || params.status === 'issued' ? params.status : undefined;
        const { listData, page } = await invoicesPage({ cusCode: params.cusCode || undefined, status }, pageNum, pageSize);
        return pageResult(listData.map(rowOf), page.count, pageNum, pageSize);
      },
      toolbar: [],
      columns: [
        { dataIndex: 'invoiceNoText', title: '发票号', width: 170 },
        { dataIndex: 'cusCode', title: '客户代码', width: 90 },
        { dataIndex: 'title', title: '发票抬头', width: 170, ellipsis: true, align: 'left' },
        { dataIndex: 'taxNo', title: '税号', width: 180 },
        { dataIndex: 'amountText', title: '金额', width: 110, align: 'right' },
        { dataIndex: 'status', title: '状态', width: 80, type: 'tag', tag: (r) => ({ text: r.statusText, color: INVOICE_STATUS_COLOR[r.status] }) },
        { dataIndex: 'timeText', title: '申请 / 开具时间', width: 160 },
      ],
      query: [
        { field: 'cusCode', label: '客户代码', type: 'input', rule: 'eq' },
        { field: 'status', label: '状态', type: 'select', options: Object.entries(INVOICE_STATUS_TEXT).map(([value, label]) => ({ value, label })) },
      ],
      rowActions: [
        {
          key: 'make',
          text: '开具',
          permission: PAY_PERMS.invoiceMake,
          visible: (r) => r.status === 'applied',
          confirm: (r) => `确定为「${r.title}」开具 ${r.amountText} 的发票吗？`,
          onClick: (row, kit) => reloadAfter(kit, () => makeInvoice(row.invoiceId).then((issued) => `开票成功，发票号 ${issued.invoiceNo ?? ''}`), '开票失败'),
        },
      ],
      editAction: false,
      deleteAction: false,
      mobile: {
        title: 'title',
        subtitle: 'invoiceNoText',
        fields: ['amountText', 'cusCode', 'taxNo', 'timeText'],
        status: (r) => ({ text: r.statusText, color: INVOICE_STATUS_COLOR[r.status] }),
        searchField: 'cusCode',
      },
    }),
    [pageKey],
  );
}
