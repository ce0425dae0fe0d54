// 个人设置 (account settings): 基本设置 shows the profile, 安全设置 changes the login password.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { AccountPageProps } from './profile';

const Desktop = lazy(() => import('./Settings.desktop'));
const Mobile = lazy(() => import('./Settings.mobile'));

export default function Settings(_props: AccountPageProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
