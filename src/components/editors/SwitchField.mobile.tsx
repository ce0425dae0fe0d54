import { Switch } from 'antd-mobile';
import { switchChecked, switchValue } from './switchRules';
import type { SwitchFieldProps } from './SwitchField';

export default function SwitchFieldMobile({ value, onChange, options, disabled, ...rest }: SwitchFieldProps) {
  return (
    <Switch
      checked={switchChecked(value, options)}
      checkedText="是"
      uncheckedText="否"
      disabled={disabled}
      aria-label={rest['aria-label']}
      onChange={(on) => onChange?.(switchValue(on, options))}
    />
  );
}
