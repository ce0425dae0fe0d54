// 通行密钥 of a user (phone sheet): name, when added, 撤销 for the active ones.
import { Button, List, Popup, Tag, Toast } from 'antd-mobile';
import { formatDateTime } from '@contract/time';
import { useUserPasskeys, type UserPasskeysProps } from './useUserPasskeys';

export default function UserPasskeysMobile({ user, onClose }: UserPasskeysProps) {
  const keys = useUserPasskeys(user?.id);
  const revoke = async (id: string) => {
    try {
      Toast.show({ icon: 'success', content: await keys.revoke(id) });
    } catch (err) {
      Toast.show({ content: (err as Error).message });
    }
  };
  return (
    <Popup
      visible={user !== null}
      onMaskClick={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, paddingBottom: 'env(safe-area-inset-bottom)' }}
      destroyOnClose
    >
      <div style={{ padding: '12px 16px 0', fontSize: 16, fontWeight: 500, textAlign: 'center' }}>通行密钥 · {user?.username}</div>
      {keys.error && <div style={{ color: 'var(--adm-color-danger)', padding: '8px 16px' }}>{keys.error}</div>}
      <List>
        {keys.items.map((k) => (
          <List.Item
            key={k.id}
            description={`添加于 ${formatDateTime(k.createdAt)}`}
            extra={
              k.revokedAt ? (
                <Tag color="danger">已撤销</Tag>
              ) : (
                <Button size="mini" color="danger" loading={keys.busy} onClick={() => void revoke(k.id)}>
                  撤销
                </Button>
              )
            }
          >
            {k.name}
          </List.Item>
        ))}
        {!keys.items.length && <List.Item>该用户尚未添加通行密钥</List.Item>}
      </List>
    </Popup>
  );
}
