// 日志管理 (auth/LogList, /system/log): tabs 登录日志 / 操作日志, each a list kit page.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./LogList.desktop'));
const Mobile = lazy(() => import('./LogList.mobile'));

export default function LogList() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
