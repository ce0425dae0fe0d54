// One decision flow for both views: the orders being decided, the approval factor (the passkey
// sheet showing what the server's challenge commits to, or the payment-password prompt), the reason
// sheet (reject: no passkey needed), and the per-order outcome afterwards. After any decision the
// pending list and badge reload (pendingChanged). No UI kit here.
//
// Passkey first where it can work (WebAuthn in this browser, a passkey of this user, the view
// offers it); the password whenever the user prefers it, the browser has no WebAuthn (enterprise-chat
// webviews) or the user has no passkey.
import { useCallback, useState } from 'react';
import type { ApproveChallenge } from '@contract/api/passkeyWire';
import { PASSKEY_MSG } from '@contract/api/passkeyWire';
import type { PayOrderView } from '@contract/api/pay';
import { ApiError, serverMessage } from '@/api/errors';
import { approveChallenge, passkeyKnownMissing, passkeysSupported, rememberNoPasskey, signChallenge } from '@/api/passkeys';
import { approveOrders, rejectOrders } from './api';
import { pendingChanged } from './pending';
import { failedOutcome, type OutcomeSummary } from './rules';

export type DecisionOrder = Pick<PayOrderView, 'orderId' | 'orderNo' | 'version' | 'amount'>;

export interface Decision {
  /** Orders of the open prompt / sheet. */
  orders: DecisionOrder[];
  pwdOpen: boolean;
  rejectOpen: boolean;
  /** The passkey sheet's challenge (what it commits to: orders, amounts, payees, approver), or null. */
  challenge: ApproveChallenge | null;
  /** The passkey sheet's last failure (cancelled fingerprint, refused assertion). */
  passkeyError: string | null;
  passkeyBusy: boolean;
  outcome: OutcomeSummary | null;
  startApprove: (orders: DecisionOrder[]) => void;
  startReject: (orders: DecisionOrder[]) => void;
  /** For the password prompt's onConfirm: throws on a wrong password so the prompt stays open. */
  confirmApprove: (payPwd: string) => Promise<void>;
  /** The passkey sheet's confirm: the fingerprint over the challenge, then the approval. */
  confirmPasskey: () => Promise<void>;
  /** From the passkey sheet to the password prompt. */
  usePassword: () => void;
  /** For the reason sheet: throws when the call failed as a whole. */
  confirmReject: (reason: string) => Promise<void>;
  closePrompt: () => void;
  closePasskey: () => void;
  closeReject: () => void;
  closeOutcome: () => void;
}

const errorText = (err: unknown) => (err instanceof ApiError ? (serverMessage(err.body) ?? err.message) : err instanceof Error ? err.message : String(err));
/** The browser's WebAuthn refusals (cancelled, timed out, no matching credential) in the user's words. */
const CANCELLED = '已取消指纹验证，可重试或改用支付密码';
const ceremonyText = (err: unknown) =>
  err instanceof Error && /NotAllowed|AbortError|cancel|timed out/i.test(`${err.name} ${err.message}`) ? CANCELLED : errorText(err);

export function useDecision(onDecided?: (outcome: OutcomeSummary) => void, opts: { passkeys?: boolean } = {}): Decision {
  const [orders, setOrders] = useState<DecisionOrder[]>([]);
  const [pwdOpen, setPwdOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [challenge, setChallenge] = useState<ApproveChallenge | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeSummary | null>(null);

  const finish = useCallback(
    (summary: OutcomeSummary) => {
      setOutcome(summary);
      void pendingChanged();
      onDecided?.(summary);
    },
    [onDecided],
  );

  /** Asks the server for the challenge of exactly these orders; falls back to the password where passkeys cannot serve. */
  const beginPasskey = async (picked: DecisionOrder[]) => {
    setPasskeyBusy(true);
    try {
      setChallenge(await approveChallenge(picked));
    } catch (err) {
      const message = errorText(err);
      const status = err instanceof ApiError ? err.status : 0;
      if (message === PASSKEY_MSG.unusable) rememberNoPasskey();
      // One order the server will not let this user approve (decided meanwhile, edited, own): its outcome.
      if (picked.length === 1 && [403, 404, 409].includes(status) && message !== PASSKEY_MSG.unusable)
        finish(failedOutcome(picked[0], status, message, 'approve'));
      else setPwdOpen(true);
    } finally {
      setPasskeyBusy(false);
    }
  };

  return {
    orders,
    pwdOpen,
    rejectOpen,
    challenge,
    passkeyError,
    passkeyBusy,
    outcome,
    startApprove: (picked) => {
      if (!picked.length) return;
      setOrders(picked);
      setPasskeyError(null);
      if (opts.passkeys && passkeysSupported() && !passkeyKnownMissing()) void beginPasskey(picked);
      else setPwdOpen(true);
    },
    startReject: (picked) => {
      if (!picked.length) return;
      setOrders(picked);
      setRejectOpen(true);
    },
    confirmApprove: async (payPwd) => {
      const summary = await approveOrders(orders, { payPwd });
      finish(summary);
    },
    confirmPasskey: async () => {
      if (!challenge) return;
      setPasskeyBusy(true);
      setPasskeyError(null);
      try {
        const passkey = await signChallenge(challenge);
        // Exactly what the challenge committed to: its orders at its versions.
        const bound = challenge.orders.map((o) => ({ orderId: o.orderId, orderNo: o.orderNo, version: o.version }));
        const summary = await approveOrders(bound, { passkey });
        setChallenge(null);
        finish(summary);
      } catch (err) {
        const message = ceremonyText(err);
        setPasskeyError(message);
        // A used or refused challenge cannot be answered again: a fresh one for the next try.
        if (message !== CANCELLED) {
          setChallenge(null);
          if (message === PASSKEY_MSG.unusable) {
            rememberNoPasskey();
            setPwdOpen(true);
          } else void beginPasskey(orders);
        }
      } finally {
        setPasskeyBusy(false);
      }
    },
    usePassword: () => {
      setChallenge(null);
      setPasskeyError(null);
      setPwdOpen(true);
    },
    confirmReject: async (reason) => {
      const summary = await rejectOrders(orders, reason);
      setRejectOpen(false);
      finish(summary);
    },
    closePrompt: () => setPwdOpen(false),
    closePasskey: () => {
      setChallenge(null);
      setPasskeyError(null);
    },
    closeReject: () => setRejectOpen(false),
    closeOutcome: () => setOutcome(null),
  };
}
