// What the order list's dialogs show (shared by the desktop and phone views).
import type { AuditResult, PayOrderView } from '@contract/api/pay';
import type { ListRow } from '@/components/list/types';

export type OrderRow = ListRow & PayOrderView;
export type OrderDialog =
  | { kind: 'detail'; row: OrderRow }
  | { kind: 'reject'; rows: OrderRow[] }
  | { kind: 'edit'; row: OrderRow }
  | { kind: 'outcomes'; action: string; result: AuditResult; rows: OrderRow[] };

export interface OrderDialogsProps {
  dialog: OrderDialog;
  onClose: () => void;
  /** Orders changed: reload the list. */
  onChanged: () => void;
  onOutcomes: (d: OrderDialog) => void;
}

/** Per-order outcome lines: '订单号：审批通过' / '订单号：订单已被其他人处理'. */
export function outcomeLines(d: Extract<OrderDialog, { kind: 'outcomes' }>): { orderNo: string; ok: boolean; text: string }[] {
  const no = new Map(d.rows.map((r) => [r.orderId, r.orderNo]));
  return d.result.results.map((r) => ({ orderNo: no.get(r.orderId) ?? r.orderId, ok: r.ok, text: r.ok ? '成功' : r.message }));
}
