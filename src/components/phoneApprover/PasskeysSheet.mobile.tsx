// 通行密钥 sheet of 我的: the approver's passkeys (this phone's and others'), adding one of this phone
// after the payment password, removing one. Revoked ones (by an administrator) are shown as such.
import { useState } from 'react';
import { Button, List, Popup, Tag } from 'antd-mobile';
import { formatDateTime } from '@contract/time';
import { PaymentPasswordPrompt } from '@/components/dialogs/PaymentPasswordPrompt';
import { usePasskeys } from './usePasskeys';

export default function PasskeysSheetMobile({ open, onClose }: { open: boolean; onClose: () => void }) {
  const keys = usePasskeys(open);
  const [asking, setAsking] = useState(false);
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, paddingBottom: 'env(safe-area-inset-bottom)' }}>
      <div style={{ padding: '14px 16px 16px' }} data-testid="passkeys-sheet">
        <div style={{ display: 'flex', alignItems: 'center', marginBottom: 8 }}>
          <a role="button" onClick={onClose} style={{ width: 48, color: '#666' }}>
            关闭
          </a>
          <div style={{ flex: 1, textAlign: 'center', fontSize: 17, fontWeight: 600 }}>通行密钥</div>
          <span style={{ width: 48 }} />
        </div>
        <p style={{ color: '#666', fontSize: 13, lineHeight: 1.6, margin: '4px 0 8px' }}>
          添加后，在本机审批付款订单时可用指纹、面容或手机解锁密码代替支付密码；验证只对当时显示的订单有效。
        </p>
        <List style={{ ['--border-top' as string]: 'none' }}>
          {keys.items.map((k) => (
            <List.Item
              key={k.id}
              description={`添加于 ${formatDateTime(k.createdAt)}${k.lastUsedAt ? ` · 最近使用 ${formatDateTime(k.lastUsedAt)}` : ''}`}
              extra={
                <Button size="mini" color="danger" fill="outline" onClick={() => void keys.remove(k.id)} aria-label={`删除 ${k.name}`}>
                  删除
                </Button>
              }
            >
              {k.name}{' '}
              {k.revokedAt && (
                <Tag color="danger" fill="outline">
                  已撤销
                </Tag>
              )}
            </List.Item>
          ))}
          {!keys.items.length && !keys.loading && <List.Item>尚未添加通行密钥</List.Item>}
        </List>
        <div role="alert" style={{ minHeight: 20, color: 'var(--adm-color-danger)', fontSize: 13, marginTop: 6 }}>
          {keys.error}
        </div>
        <Button block color="primary" size="large" onClick={() => setAsking(true)}>
          添加本机通行密钥
        </Button>
      </div>
      <PaymentPasswordPrompt
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={keys.add}
        title="验证支付密码"
        description="添加通行密钥前，请输入一次支付密码"
        fullKeyboard
      />
    </Popup>
  );
}
