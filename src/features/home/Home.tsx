// Home page (page key 'home/Home'): picks the device's view; both share useHome.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./Home.desktop'));
const Mobile = lazy(() => import('./Home.mobile'));

export default function Home() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
