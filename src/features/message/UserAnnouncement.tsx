// /isps/userAnnouncement (page key 'message/UserAnnouncement'): every announcement of the user with
// a read/unread filter, 全部已读 and the detail; `?id=` opens one (system notification clicks).
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./UserAnnouncement.desktop'));
const Mobile = lazy(() => import('./UserAnnouncement.mobile'));

export default function UserAnnouncement() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
