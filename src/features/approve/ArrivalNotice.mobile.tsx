// Mounted once by the phone layout for approvers: keeps the pending count live (useApproverSync) and,
// when a new order arrives while the app is open, shows a notice bar over the page for a few seconds;
// tapping it opens the order.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NoticeBar } from 'antd-mobile';
import { approveDetailUrl } from '@contract/pages/approve';
import { useApproverSync, type PayOrderPush } from './pending';

const SHOW_MS = 5000;

export default function ArrivalNoticeMobile({ enabled }: { enabled: boolean }) {
  const navigate = useNavigate();
  const [push, setPush] = useState<PayOrderPush | null>(null);
  useApproverSync(enabled, setPush);

  useEffect(() => {
    if (!push) return;
    const timer = setTimeout(() => setPush(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [push]);

  if (!push) return null;
  return (
    <div
      role="alert"
      onClick={() => {
        setPush(null);
        void navigate(approveDetailUrl(push.orderId));
      }}
      style={{
        position: 'fixed',
        left: 8,
        right: 8,
        top: 'calc(env(safe-area-inset-top) + 52px)',
        zIndex: 1000,
        borderRadius: 8,
        overflow: 'hidden',
        boxShadow: '0 4px 12px rgba(0,0,0,0.12)',
      }}
    >
      <NoticeBar color="info" content={`${push.titile}${push.msgTxt ? `：${push.msgTxt}` : ''}`} extra={<span style={{ color: '#1677ff' }}>查看</span>} />
    </div>
  );
}
