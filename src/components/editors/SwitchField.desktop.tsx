import { Switch } from 'antd';
import { switchChecked, switchValue } from './switchRules';
import type { SwitchFieldProps } from './SwitchField';

export default function SwitchFieldDesktop({ value, onChange, options, disabled, ...rest }: SwitchFieldProps) {
  return (
    <Switch
      checked={switchChecked(value, options)}
      checkedChildren="是"
      unCheckedChildren="否"
      disabled={disabled}
      aria-label={rest['aria-label']}
      onChange={(on) => onChange?.(switchValue(on, options))}
    />
  );
}
