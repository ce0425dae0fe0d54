// The fee modal on either device (deviceView): 服务费配置's 新增 and 客户详情's 手续费配置.
import { useState } from 'react';
import { FEE_PERMS } from '@contract/api/fee';
import { deviceView } from '@/hooks/deviceView';
import { useCan } from '@/hooks/useCan';
import type { FixedCustomer } from './feeRuleForm';

export interface FeeRuleDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a proposal was saved (the caller reloads). */
  onSaved: () => void;
  /** Opened from a customer: the rule is that customer's. */
  fixed?: FixedCustomer;
}

const View = deviceView<FeeRuleDialogProps>(
  () => import('./FeeRuleDialog.desktop'),
  () => import('./FeeRuleDialog.mobile'),
);

export function FeeRuleDialog(props: FeeRuleDialogProps) {
  return props.open ? <View {...props} /> : null;
}

/** 客户详情's 手续费配置: whether the user may propose fee rules, and the modal fixed to the customer. */
export function useCustomerFeeDialog(customer: FixedCustomer | undefined) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const dialog = customer ? <FeeRuleDialog open={open} fixed={customer} onClose={() => setOpen(false)} onSaved={() => setOpen(false)} /> : null;
  return { allowed: !!customer && can(FEE_PERMS.edit), open: () => setOpen(true), dialog };
}
export const CUSTOMER_FEE_BUTTON = '手续费配置';
