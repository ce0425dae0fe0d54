// 单笔付款 (/payCus/singlePay): payer account, payee (platform account or bank card), amount,
// remark → PayOrderSubmit (funds reserved, order waits for a checker); shows the created order.
import { lazy, Suspense } from 'react';
import type { PageProps } from '@/lib/page';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./SinglePay.desktop'));
const Mobile = lazy(() => import('./SinglePay.mobile'));

export default function SinglePay(_props: PageProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View />
    </Suspense>
  );
}
