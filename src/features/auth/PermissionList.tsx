// 菜单管理 (auth/PermissionList, /system/permission): the tree of menus and buttons with type and
// status, add / edit, delete, and data rules per menu. Tree table on the desktop, drill-down on the phone.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./PermissionList.desktop'));
const Mobile = lazy(() => import('./PermissionList.mobile'));

export default function PermissionList() {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
