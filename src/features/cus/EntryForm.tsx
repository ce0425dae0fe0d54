// The onboarding form's entry: the desktop (antd Steps) or phone (antd-mobile Steps) view over the
// one hook (useEntryForm). 客户进件 (operators) and 商户入驻 (the customer side) both show it.
import { deviceView } from '@/hooks/deviceView';
import type { CusMasterView } from '@contract/api/cus';

export interface EntryFormProps {
  /** The customer to continue; absent: a new one. */
  cusCode?: string;
  /** Called after the submission to review. */
  onSubmitted?: (m: CusMasterView) => void;
}

export const EntryForm = deviceView<EntryFormProps>(
  () => import('./EntryForm.desktop'),
  () => import('./EntryForm.mobile'),
);
