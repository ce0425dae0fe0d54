// 数据分析 for both views (issue 19 §2): the date range (default the last 30 days, China time) and
// tenant, the answer of GET /sys/dashboard/analysis for them, and the .xlsx export of the same.
// No UI kit here.
import { useCallback, useEffect, useState } from 'react';
import { ANALYSIS_MAX_DAYS, DASHBOARD_MSG, DASHBOARD_P, type Analysis } from '@contract/api/workbench';
import { formatDate } from '@contract/time';
import { http, sysGet } from '@/api/request';
import { failureMessage } from '@/components/dialogs/formRules';
import { downloadName } from '@/components/list/listRules';
import { saveBlob } from '@/components/list/useListKit';

const DAY_MS = 86_400_000;
export const defaultRange = (now = Date.now()): [string, string] => [formatDate(now - 29 * DAY_MS), formatDate(now)];

/** The range's own check, before asking (the server checks again). */
export function rangeError(from: string, to: string): string | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Number.isNaN(a) || Number.isNaN(b) || a > b || (b - a) / DAY_MS >= ANALYSIS_MAX_DAYS ? DASHBOARD_MSG.dateRange : null;
}

export function useAnalysis() {
  const [range, setRange] = useState<[string, string]>(() => defaultRange());
  const [tenantId, setTenantId] = useState('');
  const [data, setData] = useState<Analysis | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const params = useCallback(() => ({ from: range[0], to: range[1], ...(tenantId ? { tenantId } : {}) }), [range, tenantId]);

  useEffect(() => {
    const bad = rangeError(range[0], range[1]);
    if (bad) return setError(bad);
    let live = true;
    setLoading(true);
    sysGet<Analysis>(DASHBOARD_P.analysis, params(), { silent: true } as never)
      .then((res) => {
        if (!live) return;
        if (!res.success || !res.result) throw new Error(res.message || '数据分析查询失败');
        setData(res.result);
        setError(null);
      })
      .catch((err) => live && setError(failureMessage(err, '数据分析查询失败')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [range, params]);

  const exportXls = useCallback(async () => {
    setExporting(true);
    try {
      const res = await http.get<Blob>(DASHBOARD_P.exportXls, { params: params(), responseType: 'blob', silent: true } as never);
      saveBlob(res.data, downloadName(res.headers['content-disposition'] as string | undefined, '数据分析'));
      return null;
    } catch (err) {
      return failureMessage(err, '导出失败');
    } finally {
      setExporting(false);
    }
  }, [params]);

  return { range, setRange, tenantId, setTenantId, data, error, loading, exporting, exportXls };
}
