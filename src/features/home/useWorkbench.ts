// 工作台 for both devices (issue 19 §1): the overview (to-dos, key figures, balances or a customer's
// own accounts and orders, recent activity) from GET /sys/workbench/overview, kept live: it reloads
// when the socket says an order changed (useLiveRefresh, coalesced) or the user's messages changed,
// and when the socket may have missed notices (resync). The charts' data is asked separately and only
// once the charts are on screen (useWorkbenchCharts). No UI kit here.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { subscribe } from 'valtio';
import { WORKBENCH_P, amountText, type DayFigures, type WorkbenchCharts, type WorkbenchOverview, type WorkbenchTodo } from '@contract/api/workbench';
import { formatDateTime } from '@contract/time';
import { sysGet } from '@/api/request';
import { failureMessage } from '@/components/dialogs/formRules';
import { notices } from '@/components/notify/store';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';

type Answer<T> = Awaited<ReturnType<typeof sysGet<T>>>;
/** The overview asked for before the device's view (and its UI kit) has loaded: see prefetchWorkbench. */
let early: { url: string; at: number; answer: Promise<Answer<unknown>> } | null = null;

/**
 * Starts asking for the overview while the home page's view is still loading, so the workbench does
 * not wait for its UI kit's download before it asks (the page's largest paint waited on both in turn).
 */
export function prefetchWorkbench(): void {
  if (early && Date.now() - early.at < 3000) return;
  const answer = sysGet<WorkbenchOverview>(WORKBENCH_P.overview, undefined, { silent: true } as never);
  answer.catch(() => undefined);
  early = { url: WORKBENCH_P.overview, at: Date.now(), answer };
}

/** The prefetched answer for `url` if it is fresh (taken once), else a new request. */
function fetchOnce<T>(url: string): Promise<Answer<T>> {
  const hit = early && early.url === url && Date.now() - early.at < 3000 ? early : null;
  early = null;
  return hit ? (hit.answer as Promise<Answer<T>>) : sysGet<T>(url, undefined, { silent: true } as never);
}

/** Loads `url` now and on every `reload()`; concurrent reloads collapse into one more run. */
function useLoaded<T>(url: string, enabled: boolean, failure: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const first = useRef(true);
  const again = useRef(false);
  const load = useCallback((): Promise<void> => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    running.current = (async () => {
      try {
        // Only the first load may take the prefetched answer: a reload is asked because something changed.
        const res = await (first.current ? fetchOnce<T>(url) : sysGet<T>(url, undefined, { silent: true } as never));
        first.current = false;
        if (!res.success || !res.result) throw new Error(res.message || failure);
        const result = res.result;
        // Drawn as a transition: the cards render in slices the browser can answer input between,
        // not in one long task (a phone's first visit draws them all at once).
        startTransition(() => {
          setData(result);
          setError(null);
        });
      } catch (err) {
        const message = failureMessage(err, failure);
        startTransition(() => setError(message));
      } finally {
        running.current = null;
        if (again.current) {
          again.current = false;
          void load();
        }
      }
    })();
    return running.current;
  }, [url, failure]);
  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);
  useLiveRefresh(enabled ? { kind: 'payOrder' } : null, () => void load());
  return { data, error, reload: load };
}

export function useWorkbench() {
  const navigate = useNavigate();
  const { data, error, reload } = useLoaded<WorkbenchOverview>(WORKBENCH_P.overview, true, '工作台加载失败');
  useLiveRefresh({ kind: 'cusInnet' }, () => void reload());
  // The bell's lists reload on every message push and reconnect: the unread to-do follows them.
  useEffect(() => subscribe(notices, () => void reload()), [reload]);
  const open = useCallback((t: WorkbenchTodo) => navigate(todoUrl(t)), [navigate]);
  return { data, error, reload, open };
}

/** The charts' data, asked once `visible` (the charts scrolled into view) and kept live after. */
export function useWorkbenchCharts(visible: boolean) {
  return useLoaded<WorkbenchCharts>(WORKBENCH_P.charts, visible, '图表加载失败');
}

export const todoUrl = (t: WorkbenchTodo): string => {
  const q = new URLSearchParams(t.query).toString();
  return q ? `${t.path}?${q}` : t.path;
};

export const money = amountText;
export const rateText = (r: number | null): string => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
export const timeText = (iso: string): string => formatDateTime(iso, { seconds: false });

/** Today against yesterday: '+12.5%' / '-3.0%' / '—' (nothing yesterday). */
export function changeText(today: number, yesterday: number): string {
  if (!yesterday) return '—';
  const pct = ((today - yesterday) / yesterday) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

/** The key figures as label / value / comparison rows, the same on both devices. */
export function keyFigures(d: WorkbenchOverview): { key: string; label: string; value: string; note: string }[] {
  const figures: { key: string; label: string; value: string; note: string }[] = [];
  const p = d.payments;
  if (p) {
    const { today: t, yesterday: y }: { today: DayFigures; yesterday: DayFigures } = p;
    figures.push(
      { key: 'count', label: '今日付款笔数', value: String(t.count), note: `昨日 ${y.count}（${changeText(t.count, y.count)}）` },
      {
        key: 'amount',
        label: '今日付款金额',
        value: money(t.amountFen),
        note: `昨日 ${money(y.amountFen)}（${changeText(Number(t.amountFen), Number(y.amountFen))}）`,
      },
      { key: 'rate', label: '今日成功率', value: rateText(t.successRate), note: `昨日 ${rateText(y.successRate)}` },
      { key: 'pending', label: '待审批占用金额', value: money(p.pendingAmountFen), note: `${p.pendingCount} 笔待审批` },
    );
  }
  if (d.feeIncomeMonthFen !== null) figures.push({ key: 'feeIncome', label: '本月手续费收入', value: money(d.feeIncomeMonthFen), note: '本月1日起累计' });
  return figures;
}
