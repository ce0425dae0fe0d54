// Renders a ScreenSpec with the device's kit, loading only that kit's view.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { ScreenSpec } from './screen';

const Desktop = lazy(() => import('./UserScreen.desktop'));
const Mobile = lazy(() => import('./UserScreen.mobile'));

export function UserScreen({ spec }: { spec: ScreenSpec }) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View spec={spec} />
    </Suspense>
  );
}
