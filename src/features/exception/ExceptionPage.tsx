import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { ExceptionType } from './exceptions';

const Desktop = lazy(() => import('./ExceptionView.desktop'));
const Mobile = lazy(() => import('./ExceptionView.mobile'));

/** `standalone`: the public route (/403, /404, /500) without the signed-in layout around it. */
export function ExceptionPage({ type, standalone = false }: { type: ExceptionType; standalone?: boolean }) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View type={type} standalone={standalone} />
    </Suspense>
  );
}
