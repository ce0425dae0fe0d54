// 个人中心 (account centre). Kept alive in its tab when the menu says so.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { AccountPageProps } from './profile';

const Desktop = lazy(() => import('./Center.desktop'));
const Mobile = lazy(() => import('./Center.mobile'));

export default function Center(_props: AccountPageProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
