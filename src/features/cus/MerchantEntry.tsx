// 商户入驻 (/cus/merchantEntry), the customer side: the user's own customer (the server shows a
// customer-side user only theirs). While it is a draft or returned, the step-by-step form (photos
// from the camera on a phone, the draft kept between visits); once submitted, its progress: review
// status, each provider's state, accounts, contracts and history. Live: the checker's decision
// switches the page between the form and the progress without a reload (migration 0035).
import { useCallback, useEffect, useState } from 'react';
import { CUS_INNET_LIVE, type CusMasterView } from '@contract/api/cus';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import type { PageProps } from '@/lib/page';
import { Loading } from '@/components/Loading';
import { fetchMasters } from './api';
import { CusDetailView } from './CustomerDetail';
import { EntryForm } from './EntryForm';

export default function MerchantEntry(_props: PageProps) {
  const [mine, setMine] = useState<CusMasterView | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    fetchMasters({}, { pageNum: 1, pageSize: 1 }).then(
      (r) => setMine(r.listData[0] ?? null),
      (err: Error) => setError(err.message),
    );
  }, []);
  useEffect(load, [load]);
  // The checker's decision shows at once: returned → the form again, approved → the progress.
  useLiveRefresh({ kind: CUS_INNET_LIVE }, load);
  if (error || mine === null)
    return (
      <p role="status" style={{ padding: 24, textAlign: 'center' }}>
        {error ?? '暂无入驻申请，请联系您的客户经理开通'}
      </p>
    );
  if (mine === undefined) return <Loading />;
  if (mine.reviewStatus === 'draft' || mine.reviewStatus === 'returned') return <EntryForm cusCode={mine.cusCode} onSubmitted={load} />;
  return <CusDetailView cusCode={mine.cusCode} />;
}
