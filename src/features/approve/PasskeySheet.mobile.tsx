// The passkey sheet on a phone: exactly what the server's challenge commits to (each order's number,
// payee and amount, the total, the approver), then one tap for the fingerprint (or face, or PIN).
// 改用支付密码 is always there.
import { Button, Popup } from 'antd-mobile';
import { yuanText } from '@contract/money';
import type { Decision } from './useDecision';

export default function PasskeySheetMobile({ decision }: { decision: Decision }) {
  const ch = decision.challenge;
  const busy = decision.passkeyBusy;
  return (
    <Popup
      visible={!!ch}
      onMaskClick={busy ? undefined : decision.closePasskey}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, paddingBottom: 'env(safe-area-inset-bottom)' }}
      destroyOnClose
    >
      {ch && (
        <div style={{ padding: '14px 16px 16px' }} data-testid="passkey-sheet">
          <div style={{ display: 'flex', alignItems: 'center', marginBottom: 8 }}>
            <a role="button" onClick={busy ? undefined : decision.closePasskey} style={{ width: 48, color: '#666' }}>
              取消
            </a>
            <div style={{ flex: 1, textAlign: 'center', fontSize: 17, fontWeight: 600 }}>确认审批通过</div>
            <span style={{ width: 48 }} />
          </div>
          <div style={{ textAlign: 'center', margin: '8px 0 12px' }}>
            <div style={{ color: '#666', fontSize: 13 }}>{ch.orders.length > 1 ? `共 ${ch.orders.length} 笔，合计` : '金额'}</div>
            <div style={{ fontSize: 28, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="passkey-total">
              {yuanText(ch.total)}
            </div>
          </div>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '34vh', overflowY: 'auto', borderTop: '1px solid #eee' }}>
            {ch.orders.map((o) => (
              <li key={o.orderId} style={{ display: 'flex', gap: 8, padding: '10px 0', borderBottom: '1px solid #eee', fontSize: 14 }}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ color: '#1f1f1f', wordBreak: 'break-all' }}>{o.payee}</div>
                  <div style={{ color: 'var(--boss-color-weak)', fontSize: 12 }}>
                    {o.orderNo} · 第{o.version}版
                  </div>
                </div>
                <div style={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{yuanText(o.amount)}</div>
              </li>
            ))}
          </ul>
          <div style={{ color: 'var(--boss-color-weak)', fontSize: 12, margin: '8px 0 4px' }}>
            审批人 {ch.approver}。指纹验证只对以上订单的这一版本有效，一次有效。
          </div>
          <div role="alert" style={{ minHeight: 20, color: 'var(--adm-color-danger)', fontSize: 13 }}>
            {decision.passkeyError}
          </div>
          <Button block color="primary" size="large" loading={busy} onClick={() => void decision.confirmPasskey()}>
            验证指纹并通过
          </Button>
          <Button block fill="none" size="middle" disabled={busy} onClick={decision.usePassword} style={{ marginTop: 4, color: 'var(--adm-color-primary)' }}>
            改用支付密码
          </Button>
        </div>
      )}
    </Popup>
  );
}
