// One customer's detail (page key 'merchant/CustomerDetail', /merchantPlatform/customerDetail?cusCode=…):
// picks the device's view (a phone never loads antd).
import { lazy, Suspense } from 'react';
import type { PageProps } from '@/lib/page';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./CustomerDetail.desktop'));
const Mobile = lazy(() => import('./CustomerDetail.mobile'));

export default function CustomerDetail(_props: PageProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
