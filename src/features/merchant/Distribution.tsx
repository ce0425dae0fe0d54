// 分账申请 (/merchantPlatform/distribution): split an amount from a payer account to several receivers
// by ratio or fixed amounts, the rounding remainder to a named account, with a live preview;
// 提交审批 → DistributionApply (funds reserved, the order waits in 分账审核 for a checker).
import { lazy, Suspense } from 'react';
import type { PageProps } from '@/lib/page';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./Distribution.desktop'));
const Mobile = lazy(() => import('./Distribution.mobile'));

export default function Distribution(_props: PageProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
