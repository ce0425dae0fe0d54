// The review queue of both screens: the customers others submitted (pendingForMe), one opened with
// its materials, a return reason per material and overall, and the decision. The server refuses a
// maker approving their own submission ('不能审核自己提交的客户资料'); that message is shown as is.
// Live over the socket (migration 0035's review notices).
import { useCallback, useEffect, useState } from 'react';
import { CUS_INNET_LIVE, CUS_MSG, type CusMasterView } from '@contract/api/cus';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { failureMessage } from '@/components/dialogs/formRules';
import { approveMaster, fetchCusDetail, fetchMasters, returnMaster, type CusDetail } from './api';

export function useReview() {
  const [queue, setQueue] = useState<CusMasterView[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<CusDetail | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setQueue((await fetchMasters({ reviewStatus: 'submitted', pendingForMe: true }, { pageNum: 1, pageSize: 100 })).listData);
      setError(null);
    } catch (err) {
      setError(failureMessage(err, '待审核客户查询失败'));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  // Live: a submission (or another checker's decision) joins or leaves the queue without a reload.
  useLiveRefresh({ kind: CUS_INNET_LIVE }, () => void load());

  const show = useCallback(async (cusCode: string | null) => {
    setReasons({});
    setReason('');
    setOpen(cusCode ? await fetchCusDetail(cusCode) : null);
  }, []);

  /** Runs a decision; resolves to the message to show, rejects with the server's words. */
  const decide = useCallback(
    async (kind: 'approve' | 'return'): Promise<string> => {
      if (!open) throw new Error('请选择客户');
      const materialReasons = Object.entries(reasons)
        .filter(([, r]) => r.trim())
        .map(([materialId, r]) => ({ materialId, reason: r.trim() }));
      if (kind === 'return' && !reason.trim() && !materialReasons.length) throw new Error(CUS_MSG.rejectReason);
      setBusy(true);
      try {
        if (kind === 'approve') await approveMaster(open.master);
        else await returnMaster(open.master, reason.trim(), materialReasons);
        setOpen(null);
        await load();
        return kind === 'approve' ? '审核通过' : '已退回';
      } finally {
        setBusy(false);
      }
    },
    [open, reasons, reason, load],
  );

  const setMaterialReason = (id: string, text: string) => setReasons((r) => ({ ...r, [id]: text }));
  return { queue, loading, error, reload: load, open, show, reasons, setMaterialReason, reason, setReason, busy, decide };
}
