// 分账审核 (/merchantPlatform/distributionAudit) on the list kit: distribution orders (by default those
// waiting for this checker; a maker sees their own), the detail with the split lines and the audit
// trail, 审核通过 with the payment password (shared PaymentPasswordPrompt) and 驳回 with a reason.
// The server says per order who may decide it (canAudit): a maker never sees the buttons on their
// own orders, and the server refuses anyway.
import { lazy, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { PAY_MSG, PAY_PATHS, PAY_PERMS, type PayOrderView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig } from '@/components/list/types';
import { PaymentPasswordPrompt } from '@/components/dialogs/PaymentPasswordPrompt';
import { DialogSwitch } from '@/components/dialogs/DialogSwitch';
import { session } from '@/stores/session';
import type { PageProps } from '@/lib/page';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { approveOrder, fetchDistributionOrders, rejectOrder, type DistributionRow } from './api';
import { ReasonDialog } from './ReasonDialog';
import { may, ORDER_STATUS_OPTIONS, SCOPE_OPTIONS } from './rules';
import type { DistributionDetailProps } from './distributionDetail';

type Row = DistributionRow & Record<string, unknown>;
const DetailDesktop = lazy(() => import('./DistributionDetail.desktop'));
const DetailMobile = lazy(() => import('./DistributionDetail.mobile'));

export default function DistributionAudit(_props: PageProps) {
  const perms = useSnapshot(session);
  const checker = may(PAY_PERMS.approve, { auth: perms.auth as never, allAuth: perms.allAuth as never });
  const api = useRef<ListKitApi<Row> | null>(null);
  const [detail, setDetail] = useState<Row | null>(null);
  const [approving, setApproving] = useState<PayOrderView | null>(null);
  const [rejecting, setRejecting] = useState<PayOrderView | null>(null);

  const config = useMemo<ListKitConfig<Row>>(
    () => ({
      pageKey: 'merchant/DistributionAudit',
      title: '分账审核',
      url: { list: PAY_PATHS.orderInquiry },
      fetchList: fetchDistributionOrders as unknown as ListKitConfig<Row>['fetchList'],
      live: 'payOrder',
      toolbar: [],
      columns: [
        { dataIndex: 'orderNo', title: '订单号', width: 165 },
        { dataIndex: 'fromAcctNo', title: '付款账户', width: 175 },
        { dataIndex: 'fromCusName', title: '付款客户', ellipsis: true },
        { dataIndex: 'amountText', title: '分账金额', width: 100, align: 'right' },
        { dataIndex: 'payeeName', title: '接收方', width: 80 },
        { dataIndex: 'status', title: '状态', width: 80, type: 'tag', tag: (r) => ({ text: r.statusText, color: ORDER_STATUS_COLOR[r.status] }) },
        { dataIndex: 'makerName', title: '提交人', width: 80 },
        { dataIndex: 'timeText', title: '提交时间', width: 160 },
      ],
      query: [
        { field: 'orderNo', label: '订单号', type: 'input', rule: 'eq' },
        { field: 'status', label: '状态', type: 'select', options: ORDER_STATUS_OPTIONS },
        { field: 'scope', label: '范围', type: 'select', options: SCOPE_OPTIONS, defaultValue: checker ? 'pendingForMe' : 'mine' },
      ],
      rowActions: [
        { key: 'detail', text: '详情', onClick: (row) => setDetail(row) },
        { key: 'pass', text: '审核通过', permission: PAY_PERMS.approve, visible: (r) => r.canAudit, onClick: (row) => setApproving(row) },
        { key: 'reject', text: '驳回', permission: PAY_PERMS.approve, danger: true, visible: (r) => r.canAudit, onClick: (row) => setRejecting(row) },
      ],
      inlineActions: 3,
      editAction: false,
      deleteAction: false,
      mobile: {
        title: 'orderNo',
        subtitle: 'fromCusName',
        fields: ['amountText', 'payeeName', 'makerName', 'timeText'],
        status: 'status',
        searchField: 'orderNo',
      },
    }),
    [checker],
  );

  const decided = (text: string) => {
    api.current?.message.success(text);
    setDetail(null);
    void api.current?.reload();
  };

  return (
    <>
      <ListKit config={config} apiRef={api} />
      <DialogSwitch<DistributionDetailProps>
        desktop={DetailDesktop}
        mobile={DetailMobile}
        dialog={{ open: !!detail, onClose: () => setDetail(null), order: detail, onApprove: setApproving, onReject: setRejecting }}
      />
      <PaymentPasswordPrompt
        open={!!approving}
        onClose={() => setApproving(null)}
        title="审核通过"
        description={approving ? `分账订单 ${approving.orderNo}，金额 ${yuanText(approving.amount)}，${approving.payeeName ?? ''}` : undefined}
        onConfirm={async (payPwd) => {
          await approveOrder(approving!, payPwd);
          decided('审核通过');
        }}
      />
      <ReasonDialog
        open={!!rejecting}
        onClose={() => setRejecting(null)}
        title="驳回"
        description={rejecting ? `分账订单 ${rejecting.orderNo}，金额 ${yuanText(rejecting.amount)}；驳回后预留资金释放。` : undefined}
        label="驳回原因"
        requiredMessage={PAY_MSG.rejectReason}
        okText="驳回"
        onConfirm={async (reason) => {
          await rejectOrder(rejecting!.orderId, reason);
          decided('驳回成功');
        }}
      />
    </>
  );
}
