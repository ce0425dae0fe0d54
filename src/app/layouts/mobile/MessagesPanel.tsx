// 消息 tab. Notifications and announcements arrive with a later issue; until then the tab says
// plainly that there is nothing, rather than showing fake items.
import { ErrorBlock } from 'antd-mobile';

export default function MessagesPanel() {
  return (
    <div style={{ paddingTop: 48 }}>
      <ErrorBlock status="empty" title="暂无消息" description="系统通知和公告会显示在这里" />
    </div>
  );
}
