import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { ExceptionType } from './exceptions';

const Desktop = lazy(() => import('./ExceptionView.desktop'));
const Mobile = lazy(() => import('./ExceptionView.mobile'));

export function ExceptionPage({ type }: { type: ExceptionType }) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View type={type} />
    </Suspense>
  );
}
