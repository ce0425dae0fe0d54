// "My adjust orders" / "my refund orders" on the list kit: the orders of one kind this user made,
// with their status, amount and reason; 详情 opens the order's page (audit trail), 撤销 withdraws a
// pending one. Kit-free, so both the phone and the desktop view use it.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAY_ORDER_STATUS_TEXT, PAY_PATHS, PAY_PERMS, type PayOrderView } from '@contract/api/pay';
import { approveDetailUrl } from '@contract/pages/approve';
import { yuanText } from '@contract/money';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { cancelOrderAction } from '@/components/list/cancelOrderAction';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { ordersPage, pageResult, pagingOf } from './acctApi';
import { ADJUST_DIRECTION_TEXT, timeText } from './acctRules';

export type AcctOrderRow = ListRow & PayOrderView & { acctText: string; directionText: string; amountText: string; timeText: string };

function rowOf(o: PayOrderView): AcctOrderRow {
  return {
    ...o,
    id: o.orderId,
    // Adjust: the adjusted account; refund: the account refunded from → the original payer's account.
    acctText: o.kind === 'refund' ? `${o.fromAcctNo ?? ''} → ${o.payeeAcctNo ?? ''}` : ((o.direction === 'credit' ? o.payeeAcctNo : o.fromAcctNo) ?? ''),
    directionText: o.direction ? ADJUST_DIRECTION_TEXT[o.direction] : '',
    amountText: yuanText(o.amount),
    timeText: timeText(o.submittedAt ?? o.createdAt),
  };
}

export function useOrderListConfig(kind: 'adjust' | 'refund'): ListKitConfig<AcctOrderRow> {
  const navigate = useNavigate();
  return useMemo<ListKitConfig<AcctOrderRow>>(() => {
    const adjust = kind === 'adjust';
    return {
      pageKey: adjust ? 'acct/Adjust' : 'acct/RefundApply',
      title: adjust ? '我的调账申请' : '我的退款申请',
      url: { list: PAY_PATHS.orderInquiry },
      fetchList: async (params) => {
        const { pageNum, pageSize } = pagingOf(params);
        const { listData, page } = await ordersPage(
          { kind, mine: true, status: (params.status || undefined) as PayOrderView['status'] | undefined, orderNo: params.orderNo || undefined },
          pageNum,
          pageSize,
        );
        return pageResult(listData.map(rowOf), page.count, pageNum, pageSize);
      },
      live: 'payOrder',
      toolbar: [],
      columns: [
        { dataIndex: 'orderNo', title: '订单号', width: 170 },
        { dataIndex: 'acctText', title: adjust ? '账户' : '退款账户 → 原付款账户', width: adjust ? 190 : 310 },
        ...(adjust ? [{ dataIndex: 'directionText' as const, title: '方向', width: 70 }] : []),
        { dataIndex: 'amountText', title: '金额', width: 110, align: 'right' },
        { dataIndex: 'remark', title: adjust ? '调账原因' : '退款原因', width: adjust ? 170 : 130, ellipsis: true, align: 'left' },
        { dataIndex: 'status', title: '状态', width: 80, type: 'tag', tag: (r) => ({ text: r.statusText, color: ORDER_STATUS_COLOR[r.status] }) },
        { dataIndex: 'timeText', title: '提交时间', width: 160 },
      ],
      query: [
        { field: 'orderNo', label: '订单号', type: 'input', rule: 'eq' },
        { field: 'status', label: '状态', type: 'select', options: Object.entries(PAY_ORDER_STATUS_TEXT).map(([value, label]) => ({ value, label })) },
      ],
      rowActions: [
        { key: 'detail', text: '详情', onClick: (row) => void navigate(approveDetailUrl(row.orderId)) },
        cancelOrderAction<AcctOrderRow>(adjust ? PAY_PERMS.adjust : PAY_PERMS.refund),
      ],
      editAction: false,
      deleteAction: false,
      mobile: {
        title: 'orderNo',
        subtitle: 'acctText',
        fields: adjust ? ['directionText', 'amountText', 'remark', 'timeText'] : ['amountText', 'remark', 'timeText'],
        status: (r) => ({ text: r.statusText, color: ORDER_STATUS_COLOR[r.status] }),
        searchField: 'orderNo',
      },
    };
  }, [kind, navigate]);
}
