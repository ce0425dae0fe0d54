// one payment order with its rows and audit trail (page key 'approve/ApproveDetail', /approve/detail?id=…): picks the device's view (a phone never loads antd).
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./ApproveDetail.desktop'));
const Mobile = lazy(() => import('./ApproveDetail.mobile'));

export default function ApproveDetail() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
