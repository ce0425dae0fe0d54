// One order's detail for both views: loads by id, more batch rows on demand, reloads when the
// pending list changes (a push, a decision) and when the socket says this order changed
// (useLiveRefresh); as a fallback where no socket runs it re-reads an approved order every 1.5 s
// until it settles (approved → executing → succeeded / failed / partial) and a pending one every 5 s.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { BatchRowView, PayOrderDetail, PayOrderStatus, PayOrderView } from '@contract/api/pay';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { fetchOrderDetail } from './api';
import { pending } from './pending';

const ROWS_PAGE = 50;
const MOVING: PayOrderStatus[] = ['approved', 'executing'];
const FOLLOW_MS = 1500;
const PENDING_MS = 5000;

export function useOrderIdFromUrl(): string {
  const { search } = useLocation();
  return new URLSearchParams(search).get('id') ?? '';
}

/**
 * A notification's 驳回 action opens the order with ?reject=1: once the order is loaded and this
 * user may decide it, the reason sheet opens at once (rejecting needs no passkey or password).
 */
export function useRejectFromUrl(order: PayOrderView | undefined, startReject: (orders: PayOrderView[]) => void): void {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('reject') === '1';
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!asked || !order?.canAudit || done.current === order.orderId) return;
    done.current = order.orderId;
    startReject([order]);
  }, [asked, order, startReject]);
}

export interface OrderDetailState {
  detail: PayOrderDetail | null;
  rows: BatchRowView[];
  error: string | null;
  loading: boolean;
  moreRows: boolean;
  loadMoreRows: () => Promise<void>;
  reload: () => Promise<void>;
}

export function useOrderDetail(orderId: string): OrderDetailState {
  const { version } = useSnapshot(pending);
  const [detail, setDetail] = useState<PayOrderDetail | null>(null);
  const [rows, setRows] = useState<BatchRowView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const rowsPage = useRef(1);

  const reload = useCallback(async () => {
    if (!orderId) {
      setError('订单不存在');
      setLoading(false);
      return;
    }
    try {
      const d = await fetchOrderDetail(orderId, 1, ROWS_PAGE);
      rowsPage.current = 1;
      setDetail(d);
      setRows(d.rows);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : '加载失败');
    } finally {
      setLoading(false);
    }
  }, [orderId]);

  useEffect(() => {
    void reload();
  }, [reload, version]);
  useLiveRefresh(orderId ? { kind: 'payOrder', id: orderId } : null, () => void reload());

  const status = detail?.order.status;
  useEffect(() => {
    if (!status || (!MOVING.includes(status) && status !== 'pending')) return;
    const timer = setTimeout(() => void reload(), status === 'pending' ? PENDING_MS : FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [status, detail, reload]);

  const loadMoreRows = useCallback(async () => {
    const next = rowsPage.current + 1;
    const d = await fetchOrderDetail(orderId, next, ROWS_PAGE);
    rowsPage.current = next;
    setRows((prev) => [...prev, ...d.rows.filter((r) => !prev.some((p) => p.rowNo === r.rowNo))]);
  }, [orderId]);

  const moreRows = !!detail && rows.length < (detail.rowsPage?.count ?? 0);
  return { detail, rows, error, loading, moreRows, loadMoreRows, reload };
}
