// 客户进件 (/cus/onboarding[?cusCode=…]): the onboarding form as steps for a new customer, or to
// continue a draft / returned one; after the submission the customer's detail opens.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { cusDetailUrl } from '@contract/pages/cus';
import type { PageProps } from '@/lib/page';
import { EntryForm } from './EntryForm';

export default function Onboarding(_props: PageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cusCode = params.get('cusCode') ?? undefined;
  return <EntryForm key={cusCode ?? 'new'} cusCode={cusCode} onSubmitted={(m) => navigate(cusDetailUrl(m.cusCode))} />;
}
