// The batch pay form shared by both views: grid columns with their rules, rows, import, totals
// and the submit (grid rules first, then the contract's row rules with row numbers).
import { useCallback, useMemo, useRef, useState } from 'react';
import { MAX_BATCH_ROWS, PAY_MSG, validateBatchRows, type BatchRowInput, type PayOrderView } from '@contract/api/pay';
import { formatYuanGrouped, parseYuan } from '@contract/money';
import { RX, V } from '@contract/validation';
import type { EditableGridHandle, GridColumn, GridRow } from '@/components/grid/EditableGrid';
import { newRowId, sumColumn } from '@/components/grid/gridRules';
import { importBatch, newKey, submitBatch } from './payApi';

export const BATCH_COLUMNS: GridColumn[] = [
  { key: 'payeeName', title: '收款人名称', type: 'input', width: 160, validateRules: [{ required: true, message: PAY_MSG.payeeName }] },
  {
    key: 'payeeAcctNo', title: '收款账号', type: 'input', width: 200, placeholder: '本平台账户',
    validateRules: [{ handler: (v, row) => (v && row.bankCardNo ? PAY_MSG.payeeBoth : null) }],
  },
  {
    key: 'bankCardNo', title: '银行卡号', type: 'input', width: 200, placeholder: '或银行卡号',
    validateRules: [{ pattern: RX.bankCard, message: V.bankCard }, { handler: (_v, row) => (!row.payeeAcctNo && !row.bankCardNo ? PAY_MSG.payeeRequired : null) }],
  },
  {
    key: 'amount', title: '金额（元）', type: 'inputNumber', width: 150, money: true, statistics: 'sum',
    validateRules: [{ required: true, message: '请输入${title}' }, { handler: (v) => (parseYuan(String(v)) === null ? V.amount : null) }],
  },
  { key: 'remark', title: '备注', type: 'input', width: 200, validateRules: [{ pattern: '^.{0,200}$', message: '备注最多200个字符' }] },
];

export function useBatchPay() {
  const [rows, setRows] = useState<GridRow[]>(() => [{ id: newRowId(), orderNum: 1, payeeName: '', payeeAcctNo: '', bankCardNo: '', amount: '', remark: '' }]);
  const gridRef = useRef<EditableGridHandle>(null);
  const key = useRef(newKey());
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [order, setOrder] = useState<PayOrderView | null>(null);
  const total = useMemo(() => sumColumn(rows, { key: 'amount', money: true }), [rows]);

  /** Reads an .xlsx (server-side rules, row numbers in its message) into the grid. */
  const importFile = useCallback(async (file: File): Promise<string> => {
    if (!/\.xlsx$/i.test(file.name)) throw new Error(PAY_MSG.importFile);
    setImporting(true);
    try {
      const res = await importBatch(file);
      setRows(res.rows.map((r, i) => ({ id: newRowId(), orderNum: i + 1, payeeName: r.payeeName, payeeAcctNo: r.payeeAcctNo ?? '', bankCardNo: r.bankCardNo ?? '', amount: r.amount, remark: r.remark })));
      key.current = newKey();
      return `已导入 ${res.count} 行，合计 ¥${formatYuanGrouped(parseYuan(res.total) ?? 0n)}`;
    } finally {
      setImporting(false);
    }
  }, []);

  /** Validates (grid, then the contract's rules) and submits; throws with '第N行：…' messages. */
  const submit = useCallback(async (fromAcctNo: string | undefined, remark: string) => {
    if (!fromAcctNo) throw new Error('请选择付款账户');
    const values = gridRef.current?.getValues();
    if (!values) throw new Error(PAY_MSG.rowsEmpty);
    if (!values.ok) throw new Error(values.message);
    if (values.rows.length > MAX_BATCH_ROWS) throw new Error(PAY_MSG.rowsTooMany);
    const checked = validateBatchRows(values.rows as BatchRowInput[]);
    if (!checked.ok) throw new Error(checked.message);
    setSaving(true);
    try {
      const created = await submitBatch(fromAcctNo, checked.rows, remark.trim(), key.current);
      setOrder(created);
      return created;
    } finally {
      setSaving(false);
    }
  }, []);

  const again = useCallback(() => {
    key.current = newKey();
    setOrder(null);
    setRows([{ id: newRowId(), orderNum: 1, payeeName: '', payeeAcctNo: '', bankCardNo: '', amount: '', remark: '' }]);
  }, []);

  return { rows, setRows, gridRef, total, count: rows.length, saving, importing, order, importFile, submit, again };
}
