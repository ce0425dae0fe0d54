// The notification detail dialog (spec §2, desktop): title, sender, send time, the rich body,
// 关闭, and 去处理 when the announcement opens a url. Width 60%, with a full-screen toggle.
import { useState } from 'react';
import { Button, Empty, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { MSG_CATEGORY_TEXT } from '@contract/api/messageWire';
import { formatTime, priorityColor, priorityText } from './priority';
import { handleTarget, useNoticeDetail } from './useNoticeDetail';
import './notify.css';

export interface NoticeDetailDialogProps {
  id: string | null;
  onClose: () => void;
  /** Called after the announcement was marked read (lists reload). */
  onRead?: () => void;
}

export default function NoticeDetailDialog({ id, onClose, onRead }: NoticeDetailDialogProps) {
  const { detail, failed } = useNoticeDetail(id, onRead);
  const [full, setFull] = useState(false);
  const navigate = useNavigate();
  const target = detail ? handleTarget(detail) : null;

  const goHandle = () => {
    if (!target) return;
    onClose();
    if (target.kind === 'external') window.open(target.to, '_blank', 'noopener,noreferrer');
    else void navigate(target.to);
  };

  return (
    <Modal
      open={!!id}
      onCancel={onClose}
      width={full ? '100%' : '60%'}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : { top: 60 }}
      destroyOnHidden
      title={
        <div className="boss-notice-title">
          <span>通知详情</span>
          <button
            type="button"
            className="boss-notice-full"
            onClick={() => setFull(!full)}
            aria-label={full ? '退出全屏' : '全屏'}
            title={full ? '退出全屏' : '全屏'}
          >
            {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          </button>
        </div>
      }
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {target && (
            <Button type="primary" onClick={goHandle}>
              去处理
            </Button>
          )}
        </Space>
      }
    >
      {failed ? (
        <Empty description="公告不存在或已撤销" />
      ) : !detail ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <article className="boss-notice-article">
          <Typography.Title level={4} style={{ marginTop: 0, textAlign: 'center' }}>
            {detail.titile}
          </Typography.Title>
          <div className="boss-notice-meta">
            <span>发布人：{detail.sender}</span>
            <span>发布时间：{formatTime(detail.sendTime)}</span>
            <Tag color={priorityColor(detail.priority)}>{priorityText(detail.priority)}</Tag>
            <Tag>{MSG_CATEGORY_TEXT[detail.msgCategory]}</Tag>
          </div>
          {/* Sanitised HTML (allow-list on save and again on load). */}
          <div
            className="boss-notice-body"
            style={{ maxHeight: full ? 'calc(100vh - 260px)' : '60vh' }}
            dangerouslySetInnerHTML={{ __html: detail.msgContent }}
          />
        </article>
      )}
    </Modal>
  );
}
