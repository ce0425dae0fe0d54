// Phone view of /isps/userAnnouncement: the same card list as the 消息 tab.
import { useSearchParams } from 'react-router-dom';
import NoticeListMobile from '@/components/notify/NoticeList.mobile';

export default function UserAnnouncementMobile() {
  const [params] = useSearchParams();
  return <NoticeListMobile initialId={params.get('id')} />;
}
