// The 分账申请 form shared by both views: the payer (customer code → accounts), total amount, mode,
// receiver rows (the shared editable grid), the remainder account, the live preview (the contract's
// split) and the submit: grid rules first, then the server's rules in its words, then
// DistributionApply with the idempotency key chosen when the form opened (reused on a retry).
import { useCallback, useMemo, useRef, useState } from 'react';
import type { DistributionMode } from '@contract/api/merchant';
import type { PayOrderView } from '@contract/api/pay';
import type { EditableGridHandle, GridRow } from '@/components/grid/EditableGrid';
import { newRowId } from '@/components/grid/gridRows';
import { useCustomerAccounts } from '@/hooks/useCustomerAccounts';
import { applyDistribution } from './api';
import { distributionError, distributionInput, previewSplit, receiverColumns, remainderOptions } from './rules';

const emptyRows = (): GridRow[] => [1, 2].map((n) => ({ id: newRowId(), orderNum: n, acctNo: '', ratio: '', amount: '' }));

export function useDistribution() {
  // Staff name the paying customer (a customer's own user is not started on theirs here).
  const payer = useCustomerAccounts({ ownCustomer: false, payableOnly: true, failMessage: '账户查询失败' });
  const [fromAcctNo, setFromAcctNo] = useState<string>();
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<DistributionMode>('ratio');
  const [rows, setRows] = useState<GridRow[]>(emptyRows);
  const [remainder, setRemainder] = useState<string>();
  const [remark, setRemark] = useState('');
  const [saving, setSaving] = useState(false);
  const [order, setOrder] = useState<PayOrderView | null>(null);
  const gridRef = useRef<EditableGridHandle>(null);
  const key = useRef(crypto.randomUUID());

  const { load } = payer;
  const loadAccounts = useCallback(
    (code: string) => {
      setFromAcctNo(undefined);
      return load(code);
    },
    [load],
  );

  const remainderChoices = useMemo(() => remainderOptions(rows), [rows]);
  // A remainder account no longer among the receivers is no choice any more.
  const remainderAcctNo = remainder && remainderChoices.some((o) => o.value === remainder) ? remainder : undefined;
  const input = useMemo(
    () => distributionInput({ fromAcctNo, amount, mode, remainderAcctNo, remark }, rows),
    [fromAcctNo, amount, mode, remainderAcctNo, remark, rows],
  );
  const preview = useMemo(() => previewSplit(input), [input]);
  const columns = useMemo(() => receiverColumns(mode), [mode]);

  /** Validates and submits; throws with the first message (grid cell, then the server's rules, then the server). */
  const submit = useCallback(async () => {
    const grid = gridRef.current?.getValues();
    if (grid && !grid.ok) throw new Error(grid.message);
    const problem = distributionError(input);
    if (problem) throw new Error(problem);
    setSaving(true);
    try {
      const created = await applyDistribution(input, key.current);
      setOrder(created);
      return created;
    } finally {
      setSaving(false);
    }
  }, [input]);

  const again = useCallback(() => {
    key.current = crypto.randomUUID();
    setOrder(null);
    setAmount('');
    setRows(emptyRows());
    setRemainder(undefined);
    setRemark('');
  }, []);

  return {
    cusCode: payer.cusCode,
    loadAccounts,
    accountsError: payer.error,
    loadingAccounts: payer.loading,
    payerOptions: payer.options,
    account: payer.account(fromAcctNo),
    fromAcctNo,
    setFromAcctNo,
    amount,
    setAmount,
    mode,
    setMode,
    rows,
    setRows,
    columns,
    gridRef,
    remainderAcctNo,
    setRemainder,
    remainderChoices,
    remark,
    setRemark,
    preview,
    saving,
    order,
    submit,
    again,
  };
}
