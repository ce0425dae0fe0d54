// 通行密钥 of a user (desktop modal): name, when added and last used, 撤销 for the active ones.
import { App, Button, List, Modal, Tag } from 'antd';
import { formatDateTime } from '@contract/time';
import { useUserPasskeys, type UserPasskeysProps } from './useUserPasskeys';

export default function UserPasskeysDesktop({ user, onClose }: UserPasskeysProps) {
  const { message } = App.useApp();
  const keys = useUserPasskeys(user?.id);
  const revoke = async (id: string) => {
    try {
      void message.success(await keys.revoke(id));
    } catch (err) {
      void message.warning((err as Error).message);
    }
  };
  return (
    <Modal title={`通行密钥 · ${user?.username ?? ''}`} open={user !== null} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      {keys.error && <div style={{ color: '#cf1322', marginBottom: 8 }}>{keys.error}</div>}
      <List
        dataSource={keys.items}
        locale={{ emptyText: '该用户尚未添加通行密钥' }}
        renderItem={(k) => (
          <List.Item
            actions={[
              k.revokedAt ? (
                <Tag key="revoked" color="red">
                  已撤销
                </Tag>
              ) : (
                <Button key="revoke" danger size="small" loading={keys.busy} onClick={() => void revoke(k.id)}>
                  撤销
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              title={k.name}
              description={`添加于 ${formatDateTime(k.createdAt)}${k.lastUsedAt ? `，最近使用 ${formatDateTime(k.lastUsedAt)}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
