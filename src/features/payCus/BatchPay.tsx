// 批量付款 (/payCus/batchPay): rows entered in the shared editable grid or imported from .xlsx
// (PayBatchImport); every row validated with its row number; 提交审批 → PayBatchSubmit.
import { lazy, Suspense } from 'react';
import type { PageProps } from '@/lib/page';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./BatchPay.desktop'));
const Mobile = lazy(() => import('./BatchPay.mobile'));

export default function BatchPay(_props: PageProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
