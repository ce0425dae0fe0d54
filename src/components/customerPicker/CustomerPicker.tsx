// The customer picker of 单笔付款, 批量付款 and 账户管理 (issue 14 §3): staff find a customer by code
// or name instead of typing a code from memory; recent customers come first. Desktop: an antd Select
// with remote search; phone: a field that opens a searchable list in a bottom sheet.
import { lazy, Suspense, type CSSProperties } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { PickedCustomer } from './useCustomerSearch';

export interface CustomerPickerProps {
  /** The chosen customer's code ('' for none). */
  value: string;
  onChange: (customer: PickedCustomer | null) => void;
  disabled?: boolean;
  /** Default '请选择客户（可按代码或名称搜索）'. */
  placeholder?: string;
  style?: CSSProperties;
  /** Show a clear button (a list filter may be emptied; a payer may not). */
  allowClear?: boolean;
}

export const PICKER_PLACEHOLDER = '请选择客户（可按代码或名称搜索）';

const Desktop = lazy(() => import('./CustomerPicker.desktop'));
const Mobile = lazy(() => import('./CustomerPicker.mobile'));

export function CustomerPicker(props: CustomerPickerProps) {
  const View = useIsMobile() ? Mobile : Desktop;
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
