// 开立账户 (/acct/acctNoGenerate): opens an account of a type for a customer with a generated number
// ('BS' + 16 digits + 2 MOD 97-10 check digits, unique), shows the number and the customer's
// accounts. A second account of a type the customer holds is refused with the server's message.
import { lazy, Suspense } from 'react';
import type { PageProps } from '@/lib/page';
import { Loading } from '@/components/Loading';
import { useIsMobile } from '@/hooks/useDevice';

const Desktop = lazy(() => import('./AcctNoGenerate.desktop'));
const Mobile = lazy(() => import('./AcctNoGenerate.mobile'));

export default function AcctNoGenerate(_props: PageProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={<Loading />}>
      <View />
    </Suspense>
  );
}
