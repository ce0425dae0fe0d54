// Phone time picker: the field opens an antd-mobile Picker of hours, minutes and seconds.
import { useState } from 'react';
import { Picker } from 'antd-mobile';
import PickerField from './PickerField.mobile';
import { formatTimeOfDay, parseTimeOfDay } from './pickerRules';
import type { PickerBaseProps } from './types';

const column = (n: number, unit: string) => Array.from({ length: n }, (_, i) => ({ value: String(i), label: `${String(i).padStart(2, '0')}${unit}` }));
const COLUMNS = [column(24, '时'), column(60, '分'), column(60, '秒')];

export default function TimePickerMobile(p: PickerBaseProps) {
  const t = parseTimeOfDay(p.value);
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerField
        label={p.label}
        text={t ? formatTimeOfDay(t) : ''}
        placeholder={p.placeholder ?? '请选择时间'}
        disabled={p.disabled}
        readOnly={p.readOnly}
        style={p.style}
        onOpen={() => setOpen(true)}
        onClear={() => p.onChange?.('')}
      />
      <Picker
        title="选择时间"
        columns={COLUMNS}
        visible={open}
        value={(t ?? [0, 0, 0]).map(String)}
        onClose={() => setOpen(false)}
        onConfirm={(v) => p.onChange?.(formatTimeOfDay(v.map((x) => Number(x ?? 0))))}
      />
    </>
  );
}
