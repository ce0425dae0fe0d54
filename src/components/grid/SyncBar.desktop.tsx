// Desktop status line of a live grid (issue 16 §1): whether the link is up and everything is saved,
// and the cells someone else changed under this user, each with 使用我的 / 使用对方的.
import { Alert, Badge, Button, Space, Typography } from 'antd';
import type { ConflictChoice } from './GridConflict';
import type { ConflictItem, SyncTone } from './vxeSync';

const BADGE: Record<SyncTone, 'success' | 'processing' | 'error'> = { ok: 'success', busy: 'processing', down: 'error' };

export interface SyncBarProps {
  status: { tone: SyncTone; text: string };
  items: ConflictItem[];
  onResolve: (rowKey: string, field: string, choice: ConflictChoice) => void;
  /** The address colleagues open to edit the same rows. */
  shareUrl?: string;
}

export function SyncBarDesktop({ status, items, onResolve, shareUrl }: SyncBarProps) {
  return (
    <div style={{ marginBottom: 8 }}>
      <Space wrap size={16}>
        <Badge status={BADGE[status.tone]} text={status.text} />
        {shareUrl && (
          <span style={{ color: 'var(--boss-color-weak)' }}>
            同事打开此链接即可一起编辑：
            <Typography.Text copyable={{ text: shareUrl, tooltips: ['复制协同链接', '已复制'] }} code aria-label="协同链接">
              {shareUrl}
            </Typography.Text>
          </span>
        )}
      </Space>
      {items.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          message={`${items.length} 处单元格与他人的修改冲突，请选择保留哪一方`}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} aria-label="冲突列表">
              {items.map((i) => (
                <li key={`${i.rowKey}.${i.field}`} style={{ marginTop: 4 }}>
                  <Space wrap>
                    <span>
                      第{i.rowNo}行「{i.title}」该行已被他人修改：对方「{i.theirs || '空'}」，我的「{i.mine || '空'}」
                    </span>
                    <Button size="small" type="primary" onClick={() => onResolve(i.rowKey, i.field, 'mine')}>
                      使用我的
                    </Button>
                    <Button size="small" onClick={() => onResolve(i.rowKey, i.field, 'theirs')}>
                      使用对方的
                    </Button>
                  </Space>
                </li>
              ))}
            </ul>
          }
        />
      )}
    </div>
  );
}
