// Pure rules of the account operations (账户管理): which operations a row offers, the form
// schemas built from the contract's call schemas (so the client refuses exactly what the server
// refuses, with the same Chinese messages), form values → call bodies, and the idempotency key of
// a form. No React, no calls: shared by both views and tested in tests/unit/paycus-ops.test.ts.
import { z } from 'zod';
import {
  chargeBody,
  freezeBody,
  LEDGER_MSG,
  LEDGER_PERMS,
  transferBody,
  unfreezeBody,
  withdrawBody,
  type AccountView,
  type HoldView,
  type OrderStatus,
} from '@contract/api/ledger';
import { parseYuan } from '@contract/money';

export type AccountOp = 'charge' | 'freeze' | 'unfreeze' | 'withdraw' | 'transfer';
export type AccountDialog = { kind: AccountOp | 'entries'; account: AccountView };
/** Props of an operation form (desktop Modal / phone Popup); onChanged: balances moved, reload the list. */
export interface AccountOpProps {
  op: AccountOp;
  account: AccountView;
  onClose: () => void;
  onChanged: () => void;
}

export const OP_TITLE: Record<AccountOp | 'entries', string> = {
  charge: '充值',
  freeze: '冻结',
  unfreeze: '解冻',
  withdraw: '提现',
  transfer: '转账',
  entries: '账户明细',
};
export const OP_PERM: Record<AccountOp, string> = {
  charge: LEDGER_PERMS.charge,
  freeze: LEDGER_PERMS.freeze,
  unfreeze: LEDGER_PERMS.unfreeze,
  withdraw: LEDGER_PERMS.withdraw,
  transfer: LEDGER_PERMS.transfer,
};

export const FORM_MSG = {
  toAcctNo: '请输入转入账号',
  hold: '请选择冻结记录',
  card: '请选择提现银行卡',
  noHolds: '该账户没有可解冻的冻结记录',
  noCards: '该客户尚未绑定银行卡，请先在银行卡页面绑定',
} as const;

/** Whether a row offers the operation (permission aside): nothing moves on a closed account; 解冻 needs frozen funds. */
export function offersOp(op: AccountOp, a: Pick<AccountView, 'status' | 'frozen'>): boolean {
  if (a.status === 'closed') return false;
  if (op === 'unfreeze') return (parseYuan(a.frozen) ?? 0n) > 0n;
  return true;
}

export interface OpValues {
  amount?: string;
  reason?: string;
  holdId?: string;
  cardNo?: string;
  toAcctNo?: string;
}

const trimmed = (s: string | undefined) => (s ?? '').trim();

/** Form values → the fields of the call (without idempotencyKey), for the account `acctNo`. */
export function opFields(op: AccountOp, acctNo: string, v: OpValues): Record<string, string> {
  const amount = trimmed(v.amount);
  const reason = trimmed(v.reason);
  switch (op) {
    case 'charge':
      return { acctNo, amount, reason };
    case 'freeze':
      return { acctNo, amount, reason };
    case 'unfreeze':
      return { holdId: trimmed(v.holdId), amount, reason };
    case 'withdraw':
      return { acctNo, amount, cardNo: trimmed(v.cardNo), reason };
    case 'transfer':
      return { fromAcctNo: acctNo, toAcctNo: trimmed(v.toAcctNo), amount, reason };
  }
}

// The contract schemas with the form's own wording where the wire message would not help a
// person filling in the form (an empty account or hold field reads '账户不存在' on the wire).
const KEY = { idempotencyKey: true } as const;
const SCHEMA: Record<AccountOp, z.ZodType> = {
  charge: chargeBody.omit(KEY),
  freeze: freezeBody.omit(KEY),
  unfreeze: unfreezeBody.omit(KEY).extend({ holdId: z.string().trim().min(1, FORM_MSG.hold), amount: unfreezeBody.shape.amount.unwrap() }),
  withdraw: withdrawBody.omit(KEY).extend({ cardNo: z.string().trim().min(1, FORM_MSG.card).pipe(withdrawBody.shape.cardNo) }),
  transfer: transferBody.omit(KEY).extend({ toAcctNo: z.string().trim().min(1, FORM_MSG.toAcctNo).max(40, LEDGER_MSG.accountNotFound) }),
};

/**
 * First message per field of the form, or {} when the call may be sent. Beyond the call's own
 * schema: an unfreeze may not exceed the chosen hold's remaining amount, a transfer may not go to
 * the same account.
 */
export function opErrors(op: AccountOp, acctNo: string, v: OpValues, holds: readonly HoldView[] = []): Record<string, string> {
  const fields = opFields(op, acctNo, v);
  const out: Record<string, string> = {};
  const parsed = SCHEMA[op].safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (!(key in out)) out[key] = issue.message;
    }
  }
  if (op === 'unfreeze' && !out.amount && !out.holdId) {
    const hold = holds.find((h) => h.holdId === fields.holdId);
    if (!hold || hold.status !== 'open') out.holdId = FORM_MSG.hold;
    else if (parseYuan(fields.amount)! > (parseYuan(hold.remaining) ?? 0n)) out.amount = LEDGER_MSG.holdExceeded;
  }
  if (op === 'transfer' && !out.toAcctNo && fields.toAcctNo === acctNo) out.toAcctNo = LEDGER_MSG.sameAccount;
  return out;
}

/** Holds an unfreeze can choose from: the open ones with something left. */
export const openHolds = (holds: readonly HoldView[]) => holds.filter((h) => h.status === 'open' && (parseYuan(h.remaining) ?? 0n) > 0n);

export const isFinal = (s: OrderStatus) => s === 'succeeded' || s === 'failed';

/** How a submit ended: the server answered (accepted or refused), or nobody knows (no answer, 5xx). */
export type SubmitOutcome = 'accepted' | 'refused' | 'unknown';

/**
 * The idempotency key of one form. The same body always goes with the same key, so a double click
 * or a retry after a lost answer can never post twice (the server replays the first result). A
 * new key is drawn only when the body changed after the server definitely refused the previous
 * one (nothing was written under that key), or for the next form after an accepted one.
 */
export class FormKey {
  private key: string;
  private body: string | null = null;
  private last: SubmitOutcome | null = null;

  constructor(private readonly draw: () => string) {
    this.key = draw();
  }

  /** The key to send with this body. */
  for(fields: Record<string, unknown>): string {
    const body = JSON.stringify(fields);
    const changed = this.body !== null && this.body !== body;
    if (this.last === 'accepted' || (changed && this.last === 'refused')) this.key = this.draw();
    this.body = body;
    this.last = null;
    return this.key;
  }

  settle(outcome: SubmitOutcome): void {
    this.last = outcome;
  }
}

/** How a failed call ended: an HTTP 4xx or a business failure is a refusal; no answer or 5xx is unknown. */
export function outcomeOf(httpStatus: number | undefined): SubmitOutcome {
  if (httpStatus === undefined) return 'unknown';
  return httpStatus === 200 || (httpStatus >= 400 && httpStatus < 500) ? 'refused' : 'unknown';
}
