// The supervisor's alerts (release requests above the threshold share of their fund, suppliers
// with many refunds), read again after every decision on the page. Plain markup: no UI kit.
import { useEffect, useState } from 'react';
import { SV_P, type SvAlert } from '@contract/api/supervise';
import { sysGet } from '@/api/request';

export function SvAlerts({ version }: { version: number }) {
  const [alerts, setAlerts] = useState<SvAlert[]>([]);
  useEffect(() => {
    let live = true;
    sysGet<SvAlert[]>(SV_P.alerts, {}, { silent: true } as never).then(
      (r) => live && r.success && setAlerts(r.result),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [version]);
  if (!alerts.length) return null;
  return (
    <div
      role="alert"
      data-testid="sv-alerts"
      style={{ margin: '8px 12px', padding: '8px 12px', border: '1px solid #ffccc7', background: '#fff2f0', borderRadius: 6 }}
    >
      <div style={{ fontWeight: 600, color: '#a8071a', marginBottom: 4 }}>监管预警（{alerts.length}）</div>
      {alerts.map((a) => (
        <div key={`${a.kind}:${a.requestId ?? a.supplierCode}`} style={{ color: '#5c0011', fontSize: 13, lineHeight: '22px' }}>
          {a.kind === 'large_release' ? '大额放款：' : '频繁退款：'}
          {a.text}
        </div>
      ))}
    </div>
  );
}
