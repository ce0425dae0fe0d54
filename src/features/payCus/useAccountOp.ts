// The state of one account-operation form, shared by the desktop and phone views: what the form
// chooses from (open holds for 解冻, bound cards for 提现), the field rules, the submit with its
// idempotency key (FormKey), and afterwards the channel order of a charge or withdrawal, followed
// until the channel answers (处理中 → 成功 / 失败) and refreshable by hand.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountView, BankCardView, HoldView, OrderView } from '@contract/api/ledger';
import { newKey } from './payApi';
import { FormKey, isFinal, opErrors, opFields, openHolds, outcomeOf, type AccountOp, type OpValues } from './accountOps';
import { callFailure, cardsOf, failedStatus, holdsOf, orderOf, runOp } from './ledgerApi';

/** How often and how long an open form follows a pending channel order by itself. */
const POLL_MS = 700;
const POLL_LIMIT = 120;

export interface OpNotify {
  success: (m: string) => void;
  warning: (m: string) => void;
}

export function useAccountOp(op: AccountOp, account: AccountView, notify: OpNotify, onChanged: () => void) {
  const key = useRef(new FormKey(newKey));
  const [holds, setHolds] = useState<HoldView[]>([]);
  const [cards, setCards] = useState<BankCardView[]>([]);
  const [choicesLoading, setChoicesLoading] = useState(op === 'unfreeze' || op === 'withdraw');
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;

  useEffect(() => {
    let live = true;
    const load =
      op === 'unfreeze'
        ? holdsOf(account.acctNo).then((h) => live && setHolds(openHolds(h)))
        : op === 'withdraw' && account.cusCode
          ? cardsOf(account.cusCode).then((c) => live && setCards(c.filter((x) => x.status === 'bound')))
          : Promise.resolve();
    load.catch((e: unknown) => notifyRef.current.warning(callFailure(e))).finally(() => live && setChoicesLoading(false));
    return () => {
      live = false;
    };
  }, [op, account.acctNo, account.cusCode]);

  /** rc-field-form rule (antd and antd-mobile) of one field, checked over the whole form. */
  const rule = useCallback(
    (field: keyof OpValues) =>
      ({ getFieldsValue }: { getFieldsValue: () => unknown }) => ({
        validator: () => {
          const message = opErrors(op, account.acctNo, getFieldsValue() as OpValues, holds)[field];
          return message ? Promise.reject(new Error(message)) : Promise.resolve();
        },
      }),
    [op, account.acctNo, holds],
  );

  const submit = async (values: OpValues): Promise<boolean> => {
    const errors = opErrors(op, account.acctNo, values, holds);
    const first = Object.values(errors)[0];
    if (first) {
      notifyRef.current.warning(first);
      return false;
    }
    const fields = opFields(op, account.acctNo, values);
    setBusy(true);
    try {
      const answer = await runOp(op, fields, key.current.for(fields));
      key.current.settle('accepted');
      notifyRef.current.success(answer.message);
      setOrder(answer.order);
      changedRef.current();
      return true;
    } catch (err) {
      // Same body again → same key: a retry after a lost answer can never post twice.
      key.current.settle(outcomeOf(failedStatus(err)));
      notifyRef.current.warning(callFailure(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const refresh = useCallback(
    async (quiet = false) => {
      if (!order) return;
      setRefreshing(!quiet);
      try {
        const next = await orderOf(order.orderId);
        setOrder(next);
        if (isFinal(next.status)) changedRef.current();
      } catch (err) {
        if (!quiet) notifyRef.current.warning(callFailure(err));
      } finally {
        setRefreshing(false);
      }
    },
    [order],
  );

  // Follow a pending order by itself while the form stays open.
  const polls = useRef(0);
  useEffect(() => {
    if (!order || isFinal(order.status) || polls.current >= POLL_LIMIT) return;
    const t = setTimeout(() => {
      polls.current += 1;
      void refresh(true);
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [order, refresh]);

  return { holds, cards, choicesLoading, busy, order, refreshing, rule, submit, refresh: () => void refresh(false) };
}
