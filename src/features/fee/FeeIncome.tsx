// 手续费收入 (/cus/feeIncome): fee income per customer and month (charged, given back by refunds and
// failed withdrawals, net), the month's total above the list, and 申请发票: the customer's monthly fee
// invoice through the existing invoice flow (开具发票 issues it like any other).
import { useMemo, useRef, useState } from 'react';
import { FEE_PATHS, FEE_PERMS, type FeeIncomeRow } from '@contract/api/fee';
import { yuanText } from '@contract/money';
import { feeCall } from '@/api/fees';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig, ListRow } from '@/components/list/types';
import { PromptDialog } from '@/components/modal/PromptDialog';
import type { PageProps } from '@/lib/page';

type Row = FeeIncomeRow & ListRow & { netText: string };
/** This month in Beijing time ('2026-11'). */
export const thisMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

export default function FeeIncome(_props: PageProps) {
  const [total, setTotal] = useState<string | null>(null);
  const [invoicing, setInvoicing] = useState<Row | null>(null);
  const api = useRef<ListKitApi<Row> | null>(null);
  const config = useMemo<ListKitConfig<Row>>(
    () => ({
      pageKey: 'fee/FeeIncome',
      title: '手续费收入',
      url: { list: FEE_PATHS.income },
      live: 'payOrder',
      fetchList: async (p) => {
        const pageNum = Number(p.pageNo) || 1;
        const pageSize = Number(p.pageSize) || 10;
        const body = await feeCall<{ listData: FeeIncomeRow[]; page: { count: number }; total: string }>(
          FEE_PATHS.income,
          { month: p.month || undefined, cusCode: p.cusCode || undefined },
          { pageNum, pageSize },
        );
        setTotal(body.total);
        const records = body.listData.map((r) => ({
          ...r,
          id: `${r.month}:${r.cusCode}`,
          charged: yuanText(r.charged),
          returned: yuanText(r.returned),
          netText: yuanText(r.net),
        }));
        return { success: true, code: 200, message: '', timestamp: Date.now(), result: { records, total: body.page.count, size: pageSize, current: pageNum } };
      },
      columns: [
        { dataIndex: 'month', title: '月份', width: 90 },
        { dataIndex: 'cusName', title: '客户', ellipsis: true },
        { dataIndex: 'cusCode', title: '客户编号', width: 110 },
        { dataIndex: 'count', title: '收费笔数', width: 90, align: 'right' },
        { dataIndex: 'charged', title: '手续费', width: 130, align: 'right' },
        { dataIndex: 'returned', title: '退还', width: 120, align: 'right' },
        { dataIndex: 'netText', title: '净收入', width: 130, align: 'right' },
      ],
      query: [
        { field: 'month', label: '月份', type: 'input', rule: 'eq', placeholder: 'YYYY-MM', defaultValue: thisMonth() },
        { field: 'cusCode', label: '客户编号', type: 'input', rule: 'eq' },
      ],
      toolbar: [],
      editAction: false,
      deleteAction: false,
      rowActions: [{ key: 'invoice', text: '申请发票', permission: FEE_PERMS.invoice, visible: (r) => Number(r.net) > 0, onClick: (r) => setInvoicing(r) }],
      mobile: { title: 'cusName', subtitle: 'month', fields: ['count', 'charged', 'returned', 'netText'], searchField: 'cusCode' },
    }),
    [],
  );
  return (
    <>
      <ListKit
        config={config}
        apiRef={api}
        header={
          total === null ? null : (
            <div data-testid="fee-income-total" style={{ padding: '8px 12px 8px 0', fontWeight: 600 }}>
              手续费净收入合计：{yuanText(total)}
            </div>
          )
        }
      />
      <PromptDialog
        open={!!invoicing}
        title={invoicing ? `申请手续费发票（${invoicing.month}，${yuanText(invoicing.net)}）` : ''}
        label="发票抬头"
        defaultValue={invoicing?.cusName}
        rules={[
          { required: true, whitespace: true, message: '请输入发票抬头' },
          { max: 100, message: '最多100个字符' },
        ]}
        onOk={async (title) => {
          const r = invoicing!;
          try {
            await feeCall(FEE_PATHS.invoice, { cusCode: r.cusCode, month: r.month, title, idempotencyKey: crypto.randomUUID() });
            api.current?.message.success('申请成功，可在开具发票中开具');
          } catch (err) {
            api.current?.message.error((err as Error).message);
            throw err;
          }
        }}
        onCancel={() => setInvoicing(null)}
      />
    </>
  );
}
