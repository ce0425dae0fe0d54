// The switch widget (spec §4, §9): the value is one of two options (default Y and N); a missing
// value shows as the second. Desktop antd Switch, phone antd-mobile Switch, one mapping.
import { deviceView } from '@/hooks/deviceView';
import type { SwitchOptions } from './switchRules';

export interface SwitchFieldProps {
  value?: string | boolean | null;
  onChange?: (value: string) => void;
  /** [on, off], default ['Y', 'N']. */
  options?: SwitchOptions;
  disabled?: boolean;
  'aria-label'?: string;
}

export const SwitchField = deviceView<SwitchFieldProps>(
  () => import('./SwitchField.desktop'),
  () => import('./SwitchField.mobile'),
);
