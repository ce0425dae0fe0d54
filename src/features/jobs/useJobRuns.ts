// The run history of one job, paged (desktop drawer and phone popup share it).
import { useCallback, useEffect, useState } from 'react';
import type { JobRun } from '@contract/api/jobs';
import { jobRuns } from './api';

export const RUN_STATUS: Record<JobRun['status'], { text: string; color: string; hex: string }> = {
  success: { text: '成功', color: 'success', hex: '#52c41a' },
  failed: { text: '失败', color: 'error', hex: '#f5222d' },
  running: { text: '执行中', color: 'processing', hex: '#1677ff' },
  skipped: { text: '已跳过', color: 'warning', hex: '#fa8c16' },
};
export const RUN_TRIGGER: Record<JobRun['trigger'], string> = { scheduled: '定时', manual: '手动' };
export const durationText = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} 秒`);

export function useJobRuns(jobId: string | null, pageSize = 10) {
  const [page, setPage] = useState(1);
  const [records, setRecords] = useState<JobRun[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (p: number, append = false) => {
      if (!jobId) return;
      setLoading(true);
      try {
        const r = await jobRuns(jobId, p, pageSize);
        setRecords((prev) => (append ? [...prev, ...r.records] : r.records));
        setTotal(r.total);
        setPage(p);
      } finally {
        setLoading(false);
      }
    },
    [jobId, pageSize],
  );

  useEffect(() => {
    setRecords([]);
    setTotal(0);
    if (jobId) void load(1).catch(() => undefined);
  }, [jobId, load]);

  return { page, records, total, loading, load, hasMore: records.length < total };
}
