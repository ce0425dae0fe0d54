// Scheduled jobs page (page key 'jobs/JobList', /system/quartzJob): picks the device's view.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./JobList.desktop'));
const Mobile = lazy(() => import('./JobList.mobile'));

export default function JobList() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
