// Phone status line of a live grid (issue 16 §1): the link's state, and each conflicting cell as a
// card with 使用我的 / 使用对方的.
import { Button, Toast } from 'antd-mobile';
import type { SyncBarProps } from './SyncBar.desktop';

const DOT = { ok: '#52c41a', busy: '#1677ff', down: '#ff4d4f' } as const;

export function SyncBarMobile({ status, items, onResolve, shareUrl }: SyncBarProps) {
  const copy = () =>
    navigator.clipboard?.writeText(shareUrl ?? '').then(
      () => Toast.show({ content: '已复制，发给同事即可一起编辑' }),
      () => Toast.show({ content: shareUrl }),
    );
  return (
    <div style={{ padding: '8px 12px', background: '#fff' }}>
      <div style={{ fontSize: 13, color: 'var(--adm-color-weak)', display: 'flex', alignItems: 'center', gap: 6 }}>
        <span style={{ width: 8, height: 8, borderRadius: 4, background: DOT[status.tone], display: 'inline-block' }} />
        <span style={{ flex: 1 }}>{status.text}</span>
        {shareUrl && (
          <Button size="mini" fill="none" color="primary" onClick={() => void copy()}>
            复制协同链接
          </Button>
        )}
      </div>
      {items.length > 0 && (
        <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }} aria-label="冲突列表">
          {items.map((i) => (
            <li key={`${i.rowKey}.${i.field}`} style={{ background: '#fffbe6', border: '1px solid #ffe58f', borderRadius: 6, padding: 8, marginBottom: 8 }}>
              <div style={{ fontSize: 14 }}>
                第{i.rowNo}行「{i.title}」该行已被他人修改
              </div>
              <div style={{ fontSize: 13, color: 'var(--adm-color-weak)', margin: '4px 0 8px' }}>
                对方「{i.theirs || '空'}」，我的「{i.mine || '空'}」
              </div>
              <div style={{ display: 'flex', gap: 8 }}>
                <Button size="small" color="primary" onClick={() => onResolve(i.rowKey, i.field, 'mine')}>
                  使用我的
                </Button>
                <Button size="small" onClick={() => onResolve(i.rowKey, i.field, 'theirs')}>
                  使用对方的
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
