import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useIsMobile } from '@/hooks/useDevice';
import { resultOutcomeOf } from '@/lib/resultOutcome';
import type { ResultKind } from './results';

const Desktop = lazy(() => import('./ResultView.desktop'));
const Mobile = lazy(() => import('./ResultView.mobile'));

export function ResultPage({ kind }: { kind: ResultKind }) {
  const View = useIsMobile() ? Mobile : Desktop;
  const outcome = resultOutcomeOf(useLocation().state);
  return (
    <Suspense fallback={null}>
      <View kind={kind} outcome={outcome} />
    </Suspense>
  );
}
