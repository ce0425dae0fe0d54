// The batch pay form shared by both views: grid columns with their rules, rows, import, totals
// and the submit (grid rules first, then the contract's row rules with row numbers, then the review of
// what it reserves: nothing is sent until the clerk confirms). The rows are the tenant's shared draft
// on the server (issue 16 §1): every operator with the page open edits the same rows live
// (useVxeSync); once a batch is submitted its rows leave the draft for everyone.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { BATCH_DRAFT_KIND, BATCH_DRAFT_PERMS, DRAFT_ID_RX, VXE_PAGES, draftPageId } from '@contract/api/vxeSocket';
import { MAX_BATCH_ROWS, PAY_MSG, validateBatchRows, type BatchRowInput } from '@contract/api/pay';
import { formatYuanGrouped, parseYuan } from '@contract/money';
import { RX, V } from '@contract/validation';
import { excludedCodes } from '@contract/permission';
import type { EditableGridHandle, GridColumn, GridRow } from '@/components/grid/EditableGrid';
import { ls } from '@/lib/storage';
import { session } from '@/stores/session';
import { sumColumn } from '@/components/grid/gridNumbers';
import { newRowId } from '@/components/grid/gridRows';
import { useVxeSync } from '@/components/grid/useVxeSync';
import { conflictItems, syncStatus } from '@/components/grid/vxeSync';
import type { AccountView } from '@contract/api/ledger';
import { importBatch, newKey, submitBatch } from './payApi';
import { withFee, type Reservation } from './reservation';

export const BATCH_COLUMNS: GridColumn[] = [
  { key: 'payeeName', title: '收款人名称', type: 'input', width: 160, validateRules: [{ required: true, message: PAY_MSG.payeeName }] },
  {
    key: 'payeeAcctNo',
    title: '收款账号',
    type: 'input',
    width: 200,
    placeholder: '本平台账户',
    validateRules: [{ handler: (v, row) => (v && row.bankCardNo ? PAY_MSG.payeeBoth : null) }],
  },
  {
    key: 'bankCardNo',
    title: '银行卡号',
    type: 'input',
    width: 200,
    placeholder: '或银行卡号',
    validateRules: [
      { pattern: RX.bankCard, message: V.bankCard },
      { handler: (_v, row) => (!row.payeeAcctNo && !row.bankCardNo ? PAY_MSG.payeeRequired : null) },
    ],
  },
  {
    key: 'amount',
    title: '金额（元）',
    type: 'inputNumber',
    width: 150,
    money: true,
    statistics: 'sum',
    validateRules: [{ required: true, message: '请输入${title}' }, { handler: (v) => (parseYuan(String(v)) === null ? V.amount : null) }],
  },
  { key: 'remark', title: '备注', type: 'input', width: 200, validateRules: [{ pattern: '^.{0,200}$', message: '备注最多200个字符' }] },
];

export const BATCH_SYNC_MSG = { conflicts: '请先处理与他人修改冲突的单元格', loading: '草稿加载中，请稍候' } as const;
const DRAFT_KEY = 'batchPayDraft';
const blankRow = (): GridRow => ({ id: newRowId(), orderNum: 1, payeeName: '', payeeAcctNo: '', bankCardNo: '', amount: '', remark: '' });

/**
 * The draft this page edits: the one a colleague's link names (?draft=), else the one this user
 * last worked on in this browser, else a new one. Remembered for the next visit.
 */
function useDraftId(): string {
  const [params] = useSearchParams();
  const asked = params.get('draft') ?? '';
  const userId = useSnapshot(session).userInfo?.id ?? '';
  const draftId = useMemo(() => {
    if (DRAFT_ID_RX.test(asked)) return asked;
    const kept = ls.get<string>(`${DRAFT_KEY}:${userId}`);
    return kept && DRAFT_ID_RX.test(kept)
      ? kept
      : newKey()
          .replace(/[^A-Za-z0-9_-]/g, '')
          .slice(0, 16);
  }, [asked, userId]);
  useEffect(() => ls.set(`${DRAFT_KEY}:${userId}`, draftId), [draftId, userId]);
  return draftId;
}

/** `onNotice` tells the user what others did to rows they were editing (a view's toast). */
/** 批量付款's own address, and 继续付款 on the success page. */
export const BATCH_PAY = { label: '继续付款', path: '/payCus/batchPay' };

export function useBatchPay(onNotice?: (text: string) => void) {
  const draftId = useDraftId();
  const pageId = draftPageId(BATCH_DRAFT_KIND, draftId);
  const sync = useVxeSync({ pageId, fields: VXE_PAGES[BATCH_DRAFT_KIND]!.fields, onNotice, placeholder: blankRow });
  const { value: rows, onChange: setRows } = sync.grid;
  const gridRef = useRef<EditableGridHandle>(null);
  const key = useRef(newKey());
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const total = useMemo(() => sumColumn(rows, { key: 'amount', money: true }), [rows]);

  /** Reads an .xlsx (server-side rules, row numbers in its message) into the grid. */
  const importFile = useCallback(
    async (file: File): Promise<string> => {
      if (!/\.xlsx$/i.test(file.name)) throw new Error(PAY_MSG.importFile);
      setImporting(true);
      try {
        const res = await importBatch(file);
        setRows(
          res.rows.map((r, i) => ({
            id: newRowId(),
            orderNum: i + 1,
            payeeName: r.payeeName,
            payeeAcctNo: r.payeeAcctNo ?? '',
            bankCardNo: r.bankCardNo ?? '',
            amount: r.amount,
            remark: r.remark,
          })),
        );
        key.current = newKey();
        return `已导入 ${res.count} 行，合计 ¥${formatYuanGrouped(parseYuan(res.total) ?? 0n)}`;
      } finally {
        setImporting(false);
      }
    },
    [setRows],
  );

  /**
   * Validates (grid, then the contract's rules), asks `review` to confirm the reservation and submits;
   * throws with '第N行：…' messages; null when the clerk did not confirm.
   */
  const submit = useCallback(
    async (fromAcctNo: string | undefined, remark: string, payer: AccountView | undefined, review: (r: Reservation) => Promise<boolean>) => {
      if (!fromAcctNo) throw new Error('请选择付款账户');
      if (!sync.ready) throw new Error(BATCH_SYNC_MSG.loading);
      if (sync.conflictCount) throw new Error(BATCH_SYNC_MSG.conflicts);
      const values = gridRef.current?.getValues();
      if (!values) throw new Error(PAY_MSG.rowsEmpty);
      if (!values.ok) throw new Error(values.message);
      if (values.rows.length > MAX_BATCH_ROWS) throw new Error(PAY_MSG.rowsTooMany);
      const checked = validateBatchRows(values.rows as BatchRowInput[]);
      if (!checked.ok) throw new Error(checked.message);
      const reservation = { count: checked.rows.length, totalFen: checked.totalFen, payer, fromAcctNo };
      if (
        !(await review(
          await withFee(
            reservation,
            'batchRow',
            checked.rows.map((r) => r.amount),
          ),
        ))
      )
        return null;
      setSaving(true);
      try {
        // Paid rows leave the shared draft on the server (for everyone, whatever the submitter's delete code), so nobody submits them twice.
        return await submitBatch(fromAcctNo, checked.rows, remark.trim(), key.current, { pageId, rowKeys: values.rows.map((r) => r.id) });
      } finally {
        setSaving(false);
      }
    },
    [sync, pageId],
  );

  /** 返回修改 on the failure page: this draft, whose rows stay on the server as they were. */
  const editAgain = { label: '返回修改', path: `${BATCH_PAY.path}?draft=${draftId}` };

  /** What both views hand to the sync bar and the grid. */
  const live = {
    bar: {
      status: syncStatus(sync.phase, sync.ready, sync.pending),
      items: conflictItems(sync.conflicts, rows, BATCH_COLUMNS),
      onResolve: sync.onConflictResolve,
      /** Colleagues who open this address edit the same rows. */
      shareUrl: `${window.location.origin}/payCus/batchPay?draft=${draftId}`,
    },
    grid: {
      columns: BATCH_COLUMNS,
      ...sync.grid,
      gridRef,
      readOnly: !sync.ready,
      /** 新增 / 插入 / 复制行 and 删除 follow the user's codes (spec §6); the server refuses the same. */
      permissionPrefix: BATCH_DRAFT_PERMS.prefix,
      emptyText: sync.ready ? '草稿暂无付款行，点击「新增」添加' : '草稿加载中…',
    },
  };
  /** 导入Excel only for who holds the import code (the server refuses the others). */
  const snap = useSnapshot(session);
  const mayImport = useMemo(
    () => !excludedCodes(BATCH_DRAFT_PERMS.prefix, { auth: snap.auth as never, allAuth: snap.allAuth as never }).includes('import'),
    [snap.auth, snap.allAuth],
  );
  return { rows, setRows, gridRef, total, count: rows.length, saving, importing, importFile, mayImport, submit, live, editAgain };
}
