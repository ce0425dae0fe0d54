// 付款订单 (/payCus/payOrder) on the list kit: orders with status tags, filters, a detail drawer
// (rows and the audit trail), maker actions 撤销 / 编辑 and checker actions 审核通过 (payment
// password; several orders with one entry; per-order outcomes) and 驳回 (reason required). The
// server says per order what the caller may do (canAudit / canEdit): a checker never sees
// 审核通过 on their own orders, and the server refuses anyway.
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { PAY_ORDER_KIND_TEXT, PAY_ORDER_STATUS_TEXT, PAY_PATHS, PAY_PERMS, type PayOrderView } from '@contract/api/pay';
import { fenText, sumFen } from '@contract/money';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { useIsMobile } from '@/hooks/useDevice';
import { PaymentPasswordPrompt } from '@/components/dialogs/PaymentPasswordPrompt';
import { cancelOrderAction } from '@/components/list/cancelOrderAction';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { auditPass, inquiry } from './payApi';
import type { OrderDialog, OrderRow } from './orderDialogs';

const DesktopDialogs = lazy(() => import('./OrderDialogs.desktop'));
const MobileDialogs = lazy(() => import('./OrderDialogs.mobile'));

const opts = (m: Record<string, string>) => Object.entries(m).map(([value, label]) => ({ value, label }));

export default function PayOrderList(_props: PageProps) {
  const mobile = useIsMobile();
  const api = useRef<ListKitApi<OrderRow> | null>(null);
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const [approving, setApproving] = useState<OrderRow[] | null>(null);

  const config = useMemo<ListKitConfig<OrderRow>>(
    () => ({
      pageKey: 'payCus/PayOrderList',
      title: '付款订单',
      url: { list: PAY_PATHS.orderInquiry },
      fetchList: inquiry as ListKitConfig<OrderRow>['fetchList'],
      live: 'payOrder',
      permissionPrefix: 'pay:order:',
      toolbar: [],
      selectable: true,
      columns: [
        // Sized to fit 1440×900 beside the fixed 操作 column (scrollX below): 提交人 and 提交时间 stay in view.
        { dataIndex: 'orderNo', title: '订单号', width: 160 },
        { dataIndex: 'kindText', title: '类型', width: 64 },
        { dataIndex: 'amountText', title: '金额', width: 110, align: 'right' },
        { dataIndex: 'rowCount', title: '笔数', width: 56, align: 'right', render: (v) => String(v || 1) },
        { dataIndex: 'fromAcctNo', title: '付款账户', width: 130, ellipsis: true },
        { dataIndex: 'payeeText', title: '收款人', width: 90, ellipsis: true },
        { dataIndex: 'status', title: '状态', width: 84, type: 'tag', tag: (r) => ({ text: r.statusText, color: ORDER_STATUS_COLOR[r.status] }) },
        { dataIndex: 'makerName', title: '提交人', width: 80, ellipsis: true },
        { dataIndex: 'timeText', title: '提交时间', width: 160 },
      ],
      query: [
        { field: 'orderNo', label: '订单号', type: 'input', rule: 'eq' },
        { field: 'status', label: '状态', type: 'select', options: opts(PAY_ORDER_STATUS_TEXT) },
        { field: 'kind', label: '类型', type: 'select', options: opts(PAY_ORDER_KIND_TEXT) },
        {
          field: 'scope',
          label: '范围',
          type: 'select',
          options: [
            { value: 'mine', label: '我提交的' },
            { value: 'pendingForMe', label: '待我审批' },
          ],
        },
      ],
      extraButtons: [
        {
          key: 'batchPass',
          text: '批量审核通过',
          permission: PAY_PERMS.approve,
          needsSelection: true,
          onClick: (kit) => {
            const rows = (kit.selectedRows as unknown as OrderRow[]).filter((r) => r.canAudit);
            if (!rows.length) kit.message.warning('所选订单中没有可由您审批的待审批订单');
            else setApproving(rows);
          },
        },
        {
          key: 'batchReject',
          text: '批量驳回',
          permission: PAY_PERMS.approve,
          needsSelection: true,
          onClick: (kit) => {
            const rows = (kit.selectedRows as unknown as OrderRow[]).filter((r) => r.canAudit);
            if (!rows.length) kit.message.warning('所选订单中没有可由您审批的待审批订单');
            else setDialog({ kind: 'reject', rows });
          },
        },
      ],
      rowActions: [
        { key: 'detail', text: '详情', onClick: (row) => setDialog({ kind: 'detail', row }) },
        { key: 'pass', text: '审核通过', permission: PAY_PERMS.approve, visible: (r) => r.canAudit, onClick: (row) => setApproving([row]) },
        {
          key: 'reject',
          text: '驳回',
          permission: PAY_PERMS.approve,
          danger: true,
          visible: (r) => r.canAudit,
          onClick: (row) => setDialog({ kind: 'reject', rows: [row] }),
        },
        {
          key: 'editOrder',
          text: '编辑',
          permission: PAY_PERMS.submit,
          visible: (r) => r.canEdit && r.kind === 'single',
          onClick: (row) => setDialog({ kind: 'edit', row }),
        },
        cancelOrderAction<OrderRow>(PAY_PERMS.submit, '预留资金将释放。'),
      ],
      inlineActions: 3,
      editAction: false,
      deleteAction: false,
      mobile: {
        title: 'orderNo',
        subtitle: 'kindText',
        fields: ['amountText', 'payeeText', 'makerName', 'timeText'],
        status: (r) => ({ text: r.statusText, color: ORDER_STATUS_COLOR[r.status] }),
        searchField: 'orderNo',
      },
      scrollX: 1136,
    }),
    [],
  );

  const Dialogs = mobile ? MobileDialogs : DesktopDialogs;
  const reload = () => void api.current?.reload();

  return (
    <>
      <ListKit config={config} apiRef={api} />
      <PaymentPasswordPrompt
        open={!!approving}
        onClose={() => setApproving(null)}
        title="审核通过"
        description={approving ? approveText(approving) : undefined}
        onConfirm={async (payPwd) => {
          const rows = approving ?? [];
          const result = await auditPass(rows, payPwd);
          if (rows.length === 1 && result.passed === 1) api.current?.message.success('审核通过');
          else setDialog({ kind: 'outcomes', action: '审核通过', result, rows });
          api.current?.clearSelection();
          reload();
        }}
      />
      {dialog && (
        <Suspense fallback={null}>
          <Dialogs dialog={dialog} onClose={() => setDialog(null)} onChanged={reload} onOutcomes={(d) => setDialog(d)} />
        </Suspense>
      )}
    </>
  );
}

function approveText(rows: PayOrderView[]): string {
  const sum = sumFen(rows);
  return rows.length === 1 ? `订单 ${rows[0]!.orderNo}，金额 ${fenText(sum)}` : `共 ${rows.length} 笔订单，合计 ${fenText(sum)}`;
}
