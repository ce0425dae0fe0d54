// 消息 tab: the user's announcements and system messages (components/notify).
import NoticeListMobile from '@/components/notify/NoticeList.mobile';

export default function MessagesPanel() {
  return <NoticeListMobile />;
}
