// The approver's pending orders on a phone (the 审批 tab and /approve/list): cards with pull to
// refresh and infinite scroll; tap opens the detail; 批量 turns on checkboxes, and the bar at the
// bottom approves the picked orders with one payment-password entry or rejects them with a reason.
// Reloads when `pending.version` moves (a push, a decision).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { useSnapshot } from 'valtio';
import type { PayOrderView } from '@contract/api/pay';
import { approveDetailUrl } from '@contract/pages/approve';
import { fenText, sumFen } from '@contract/money';
import { PaymentPasswordPrompt } from '@/components/dialogs/PaymentPasswordPrompt';
import { fetchPendingForMe, PAGE_SIZE } from './api';
import OrderCardMobile from './OrderCard.mobile';
import OutcomeSheetMobile from './OutcomeSheet.mobile';
import { pending, refreshPendingCount } from './pending';
import PasskeySheetMobile from './PasskeySheet.mobile';
import RejectSheetMobile from './RejectSheet.mobile';
import { useDecision } from './useDecision';

/** The phone offers the passkey first (the password stays one tap away). */
const PASSKEYS = { passkeys: true };

export default function ApproveListMobile() {
  const navigate = useNavigate();
  const snap = useSnapshot(pending);
  const [orders, setOrders] = useState<PayOrderView[]>([]);
  const [total, setTotal] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const page = useRef(0);
  const generation = useRef(0);

  const load = useCallback(async (reset: boolean) => {
    const gen = reset ? ++generation.current : generation.current;
    if (reset) setHasMore(false);
    const pageNum = reset ? 1 : page.current + 1;
    try {
      const res = await fetchPendingForMe(pageNum);
      if (gen !== generation.current) return;
      page.current = pageNum;
      setOrders((prev) => (reset ? res.orders : [...prev, ...res.orders.filter((o) => !prev.some((p) => p.orderId === o.orderId))]));
      setTotal(res.total);
      setHasMore(res.hasMore);
      setFailed(null);
    } catch (err) {
      if (gen === generation.current) setFailed(err instanceof Error ? err.message : '加载失败');
      throw err;
    } finally {
      if (gen === generation.current) setLoaded(true);
    }
  }, []);

  useEffect(() => {
    void load(true).catch(() => undefined);
  }, [load, snap.version]);

  // Orders that left the list leave the selection.
  useEffect(() => {
    setPicked((prev) => new Set([...prev].filter((id) => orders.some((o) => o.orderId === id))));
  }, [orders]);

  const decision = useDecision(() => setPicked(new Set()), PASSKEYS);
  const chosen = useMemo(() => orders.filter((o) => picked.has(o.orderId)), [orders, picked]);
  const allPicked = orders.length > 0 && chosen.length === orders.length;

  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column' }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          background: '#fff',
          padding: '8px 12px',
          position: 'sticky',
          top: 0,
          zIndex: 2,
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <span style={{ flex: 1, fontSize: 14, color: '#666' }}>
          待审批{' '}
          <b style={{ color: '#1677ff' }} data-testid="approve-total">
            {loaded ? total : snap.count}
          </b>{' '}
          笔
        </span>
        {/* With nothing to approve there is nothing to pick: no 批量 (a disabled one drew its text at 1.9:1). */}
        {orders.length || selecting ? (
          <Button
            size="mini"
            fill="outline"
            color="primary"
            onClick={() => {
              setSelecting((s) => !s);
              setPicked(new Set());
            }}
          >
            {selecting ? '取消批量' : '批量'}
          </Button>
        ) : null}
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([refreshPendingCount(), load(true)]);
        }}
      >
        <div style={{ padding: '8px 12px', display: 'flex', flexDirection: 'column', gap: 10 }}>
          {orders.map((o) => (
            <OrderCardMobile
              key={o.orderId}
              order={o}
              selecting={selecting}
              checked={picked.has(o.orderId)}
              onTap={() => (selecting ? toggle(o.orderId) : void navigate(approveDetailUrl(o.orderId)))}
            />
          ))}
          {!orders.length &&
            loaded &&
            (failed ? (
              <ErrorBlock status="default" title="加载失败" description={failed} />
            ) : (
              <ErrorBlock status="empty" title="暂无待审批订单" description="新提交的付款订单会显示在这里" />
            ))}
        </div>
        <InfiniteScroll loadMore={() => load(false)} hasMore={hasMore}>
          {hasMore ? '加载中…' : orders.length > PAGE_SIZE ? '没有更多了' : ''}
        </InfiniteScroll>
      </PullToRefresh>
      {selecting && (
        <div
          style={{
            position: 'sticky',
            bottom: 0,
            marginTop: 'auto',
            zIndex: 2,
            background: '#fff',
            borderTop: '1px solid #eee',
            padding: '8px 12px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
          }}
        >
          <Checkbox
            checked={allPicked}
            indeterminate={!allPicked && chosen.length > 0}
            onChange={(v) => setPicked(v ? new Set(orders.map((o) => o.orderId)) : new Set())}
          >
            全选
          </Checkbox>
          <div style={{ flex: 1, minWidth: 0, fontSize: 13, color: '#666', lineHeight: 1.3 }}>
            已选 {chosen.length} 笔<div style={{ color: '#1f1f1f', fontWeight: 600 }}>{fenText(sumFen(chosen))}</div>
          </div>
          <Button size="small" color="danger" fill="outline" disabled={!chosen.length} onClick={() => decision.startReject(chosen)}>
            驳回
          </Button>
          <Button size="small" color="primary" disabled={!chosen.length} onClick={() => decision.startApprove(chosen)}>
            批量审批
          </Button>
        </div>
      )}
      <PaymentPasswordPrompt
        open={decision.pwdOpen}
        onClose={decision.closePrompt}
        onConfirm={decision.confirmApprove}
        description={`审批通过 ${decision.orders.length} 笔订单，合计 ${fenText(sumFen(decision.orders))}`}
      />
      <PasskeySheetMobile decision={decision} />
      <RejectSheetMobile open={decision.rejectOpen} count={decision.orders.length} onClose={decision.closeReject} onConfirm={decision.confirmReject} />
      <OutcomeSheetMobile outcome={decision.outcome} onClose={decision.closeOutcome} />
    </div>
  );
}
