// The notification detail on a phone: a full-height sheet with title, sender, send time, the rich
// body, 关闭 and 去处理 (url type). Opening marks it read and reloads the lists.
import { Button, ErrorBlock, Popup, Skeleton, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { MSG_CATEGORY_TEXT } from '@contract/api/messageWire';
import { formatTime, PRIORITY_HEX, priorityText } from './priority';
import { handleTarget, useNoticeDetail } from './useNoticeDetail';

export default function NoticeDetailMobile({ id, onClose, onRead }: { id: string | null; onClose: () => void; onRead?: () => void }) {
  const { detail, failed } = useNoticeDetail(id, onRead);
  const navigate = useNavigate();
  const target = detail ? handleTarget(detail) : null;
  const goHandle = () => {
    if (!target) return;
    onClose();
    if (target.kind === 'external') window.open(target.to, '_blank', 'noopener,noreferrer');
    else void navigate(target.to);
  };

  return (
    <Popup
      visible={!!id}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      destroyOnClose
      bodyStyle={{ height: '88vh', borderTopLeftRadius: 12, borderTopRightRadius: 12, display: 'flex', flexDirection: 'column' }}
    >
      <div style={{ padding: '14px 16px 8px', fontWeight: 600, fontSize: 16, textAlign: 'center', borderBottom: '1px solid #f0f0f0' }}>通知详情</div>
      <div style={{ flex: 1, overflowY: 'auto', padding: 16 }}>
        {failed ? (
          <ErrorBlock status="empty" title="公告不存在或已撤销" description="" />
        ) : !detail ? (
          <Skeleton.Paragraph lineCount={6} animated />
        ) : (
          <article>
            <h3 style={{ margin: '0 0 8px', fontSize: 18, lineHeight: 1.4 }}>{detail.titile}</h3>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', color: 'var(--boss-color-weak)', fontSize: 13, marginBottom: 12 }}>
              <Tag color={PRIORITY_HEX[detail.priority]} fill="outline">
                {priorityText(detail.priority)}
              </Tag>
              <Tag color="default" fill="outline">
                {MSG_CATEGORY_TEXT[detail.msgCategory]}
              </Tag>
              <span>{detail.sender}</span>
              <span>{formatTime(detail.sendTime)}</span>
            </div>
            {/* Sanitised HTML (allow-list on save and again on load). */}
            <div
              style={{ lineHeight: 1.8, wordBreak: 'break-word', fontSize: 15 }}
              className="boss-notice-m-body"
              dangerouslySetInnerHTML={{ __html: detail.msgContent }}
            />
          </article>
        )}
      </div>
      <div style={{ display: 'flex', gap: 12, padding: '8px 16px calc(8px + env(safe-area-inset-bottom))', borderTop: '1px solid #f0f0f0' }}>
        <Button block onClick={onClose}>
          关闭
        </Button>
        {target && (
          <Button block color="primary" onClick={goHandle}>
            去处理
          </Button>
        )}
      </div>
    </Popup>
  );
}
