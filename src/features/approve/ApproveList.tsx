// the approver's pending payment orders (page key 'approve/ApproveList'): picks the device's view (a phone never loads antd).
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./ApproveList.desktop'));
const Mobile = lazy(() => import('./ApproveList.mobile'));

export default function ApproveList() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
