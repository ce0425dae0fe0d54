// The figures of 系统监控 for both views: GET /sys/monitor/overview, asked again when a server process
// says over the socket that its figures changed (coalesced), and every MONITOR_REFRESH_MS for what
// changes with time alone; never while the tab is hidden (it asks when shown again). Readable texts.
import { useCallback, useEffect, useState } from 'react';
import { MONITOR_LIVE_KIND, MONITOR_P, MONITOR_REFRESH_MS, NOT_SUPPORTED, type MonitorOverview } from '@contract/api/monitor';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { failureMessage } from '@/components/dialogs/formRules';
import { sysGet } from '@/api/request';

export function useMonitor() {
  const [data, setData] = useState<MonitorOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    if (document.hidden) return;
    try {
      const res = await sysGet<MonitorOverview>(MONITOR_P.overview, undefined, { silent: true } as never);
      if (!res.success || !res.result) throw new Error(res.message || '系统监控查询失败');
      setData(res.result);
      setError(null);
    } catch (err) {
      setError(failureMessage(err, '系统监控查询失败'));
    }
  }, []);
  useLiveRefresh({ kind: MONITOR_LIVE_KIND }, () => void load());
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), MONITOR_REFRESH_MS);
    const shown = () => !document.hidden && void load();
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [load]);
  return { data, error, reload: load };
}

export const bytesText = (n: number | null): string => {
  if (n == null) return NOT_SUPPORTED;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
};
export const countText = (n: number | null): string => (n == null ? NOT_SUPPORTED : String(n));
export const pctText = (r: number): string => `${(r * 100).toFixed(r && r < 0.01 ? 2 : 1)}%`;
export const msText = (n: number | null): string => (n == null ? '—' : `${n} ms`);
export const timeText = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');
export const uptimeText = (iso: string): string => {
  const s = Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 1000));
  if (s < 3600) return `${Math.floor(s / 60)}分${s % 60}秒`;
  if (s < 86400) return `${Math.floor(s / 3600)}小时${Math.floor((s % 3600) / 60)}分`;
  return `${Math.floor(s / 86400)}天${Math.floor((s % 86400) / 3600)}小时`;
};
export const JOB_RUN_TEXT: Record<string, string> = { success: '成功', failed: '失败', running: '运行中', skipped: '跳过' };
