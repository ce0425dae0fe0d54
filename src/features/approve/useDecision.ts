// One decision flow for both views: the orders being decided, the payment-password prompt (approve)
// or the reason sheet (reject), and the per-order outcome afterwards. After any decision the pending
// list and badge reload (pendingChanged). No UI kit here.
import { useCallback, useState } from 'react';
import type { PayOrderView } from '@contract/api/pay';
import { approveOrders, rejectOrders } from './api';
import { pendingChanged } from './pending';
import type { OutcomeSummary } from './rules';

export type DecisionOrder = Pick<PayOrderView, 'orderId' | 'orderNo' | 'version' | 'amount'>;

export interface Decision {
  /** Orders of the open prompt / sheet. */
  orders: DecisionOrder[];
  pwdOpen: boolean;
  rejectOpen: boolean;
  outcome: OutcomeSummary | null;
  startApprove: (orders: DecisionOrder[]) => void;
  startReject: (orders: DecisionOrder[]) => void;
  /** For the password prompt's onConfirm: throws on a wrong password so the prompt stays open. */
  confirmApprove: (payPwd: string) => Promise<void>;
  /** For the reason sheet: throws when the call failed as a whole. */
  confirmReject: (reason: string) => Promise<void>;
  closePrompt: () => void;
  closeReject: () => void;
  closeOutcome: () => void;
}

export function useDecision(onDecided?: (outcome: OutcomeSummary) => void): Decision {
  const [orders, setOrders] = useState<DecisionOrder[]>([]);
  const [pwdOpen, setPwdOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeSummary | null>(null);

  const finish = useCallback(
    (summary: OutcomeSummary) => {
      setOutcome(summary);
      void pendingChanged();
      onDecided?.(summary);
    },
    [onDecided],
  );

  return {
    orders,
    pwdOpen,
    rejectOpen,
    outcome,
    startApprove: (picked) => {
      if (!picked.length) return;
      setOrders(picked);
      setPwdOpen(true);
    },
    startReject: (picked) => {
      if (!picked.length) return;
      setOrders(picked);
      setRejectOpen(true);
    },
    confirmApprove: async (payPwd) => {
      const summary = await approveOrders(orders, payPwd);
      finish(summary);
    },
    confirmReject: async (reason) => {
      const summary = await rejectOrders(orders, reason);
      setRejectOpen(false);
      finish(summary);
    },
    closePrompt: () => setPwdOpen(false),
    closeReject: () => setRejectOpen(false),
    closeOutcome: () => setOutcome(null),
  };
}
