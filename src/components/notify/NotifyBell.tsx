// The header bell (desktop, spec §2): unread badge, a 300 px popover with 通知(n) / 系统消息(n),
// priority colours, 查看更多 → /isps/userAnnouncement, and the detail dialog on click. It shows only
// for platform and organisation group types, and runs the notification socket while mounted.
import { lazy, Suspense, useState } from 'react';
import { Badge, Empty, Popover, Tabs, Tag } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ANNOUNCEMENT_LIST_PATH } from '@contract/constants';
import type { UserAnnouncement } from '@contract/api/message';
import { isPlatformOrOrg } from '@contract/permission';
import { session } from '@/stores/session';
import { requestNotificationPermission } from '@/lib/sw';
import { formatTime, priorityColor, priorityText } from './priority';
import { notices } from './store';
import { useNotifySocket } from './useNotifySocket';
import './notify.css';

const NoticeDetailDialog = lazy(() => import('./NoticeDetailDialog'));

function NoticeItems({ list, onOpen }: { list: readonly UserAnnouncement[]; onOpen: (id: string) => void }) {
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" style={{ margin: '24px 0' }} />;
  return (
    <div className="boss-bell-list">
      {list.map((n) => (
        <div key={n.id} className="boss-bell-item" role="button" tabIndex={0} onClick={() => onOpen(n.id)} onKeyDown={(e) => e.key === 'Enter' && onOpen(n.id)}>
          <Tag color={priorityColor(n.priority)} style={{ marginInlineEnd: 0, alignSelf: 'flex-start' }}>
            {priorityText(n.priority)}
          </Tag>
          <div className="boss-bell-item-main">
            <div className="boss-bell-item-title" title={n.titile}>
              {n.titile}
            </div>
            <div className="boss-bell-item-sub">
              {n.sender} · {formatTime(n.sendTime)}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** Mounts only for plat/org users, so others open no socket. */
export default function NotifyBell() {
  const { userInfo } = useSnapshot(session);
  if (!isPlatformOrOrg(userInfo?.sys?.group?.groupType)) return null;
  return <Bell />;
}

function Bell() {
  const unread = useNotifySocket(true);
  const snap = useSnapshot(notices);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [permission, setPermission] = useState(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

  const openDetail = (id: string) => {
    setOpen(false);
    setDetailId(id);
  };
  const more = () => {
    setOpen(false);
    void navigate(ANNOUNCEMENT_LIST_PATH);
  };

  const content = (
    <div style={{ width: 300 }}>
      <Tabs
        size="small"
        centered
        items={[
          { key: 'annt', label: `通知(${snap.anntMsgTotal})`, children: <NoticeItems list={snap.anntMsgList} onOpen={openDetail} /> },
          { key: 'sys', label: `系统消息(${snap.sysMsgTotal})`, children: <NoticeItems list={snap.sysMsgList} onOpen={openDetail} /> },
        ]}
      />
      <div className="boss-bell-footer">
        {permission === 'default' ? (
          <button type="button" className="muted" onClick={() => void requestNotificationPermission().then(setPermission)}>
            开启桌面通知
          </button>
        ) : (
          <span />
        )}
        <button type="button" onClick={more}>
          查看更多
        </button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        arrow={{ pointAtCenter: true }}
        styles={{ container: { padding: '4px 12px 12px' } }}
      >
        <button type="button" className="boss-header-action" aria-label={`消息通知，${unread}条未读`} title="消息通知">
          <Badge count={unread} size="small" overflowCount={99} offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 16, color: 'inherit' }} />
          </Badge>
        </button>
      </Popover>
      {detailId && (
        <Suspense fallback={null}>
          <NoticeDetailDialog id={detailId} onClose={() => setDetailId(null)} />
        </Suspense>
      )}
    </>
  );
}
