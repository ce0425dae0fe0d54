// 部门管理 (auth/DepartList, /system/depart): the department tree with 基本信息, 部门权限 and
// 部门角色 — tree beside the detail on the desktop, a drill-down list on the phone.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./DepartList.desktop'));
const Mobile = lazy(() => import('./DepartList.mobile'));

export default function DepartList() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
