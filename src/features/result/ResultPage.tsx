import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./ResultView.desktop'));
const Mobile = lazy(() => import('./ResultView.mobile'));

export function ResultPage({ kind }: { kind: 'success' | 'fail' }) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View kind={kind} />
    </Suspense>
  );
}
