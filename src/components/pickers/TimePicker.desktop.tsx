// Desktop time picker: an antd TimePicker; the value is 'HH:mm:ss' (§9).
import dayjs from 'dayjs';
import { Input, TimePicker } from 'antd';
import { formatTimeOfDay, parseTimeOfDay } from './pickerRules';
import type { PickerBaseProps } from './types';

export default function TimePickerDesktop(p: PickerBaseProps) {
  const t = parseTimeOfDay(p.value);
  if (p.readOnly) return <Input aria-label={p.label} readOnly value={p.value ?? ''} style={p.style} />;
  return (
    <TimePicker
      aria-label={p.label}
      style={{ width: '100%', ...p.style }}
      format="HH:mm:ss"
      disabled={p.disabled}
      placeholder={p.placeholder ?? '请选择时间'}
      value={t ? dayjs().hour(t[0]).minute(t[1]).second(t[2]) : null}
      onChange={(d) => p.onChange?.(d ? formatTimeOfDay([d.hour(), d.minute(), d.second()]) : '')}
    />
  );
}
