// Phone area picker: the field opens an antd-mobile CascadePicker (province / city / district).
import { useState } from 'react';
import { CascadePicker } from 'antd-mobile';
import PickerField from './PickerField.mobile';
import type { PickerBaseProps } from './types';
import { useAreaPicker } from './useAreaPicker';

export default function AreaPickerMobile(p: PickerBaseProps) {
  const a = useAreaPicker(p.value);
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerField
        label={p.label}
        text={a.text}
        placeholder={p.placeholder ?? '请选择省/市/区'}
        disabled={p.disabled}
        readOnly={p.readOnly}
        loading={a.loading && open}
        error={a.error}
        style={p.style}
        onOpen={() => {
          a.want();
          setOpen(true);
        }}
        onClear={() => p.onChange?.('')}
      />
      <CascadePicker
        title="选择地区"
        options={a.options}
        loading={a.loading}
        visible={open && !a.error}
        value={a.path}
        onClose={() => setOpen(false)}
        onConfirm={(codes) => {
          const last = [...codes].reverse().find((c) => c !== null && c !== undefined);
          p.onChange?.(last ? String(last) : '');
        }}
      />
    </>
  );
}
