// Desktop option picker: an antd Select (multiple when asked), the value joined by the separator.
import { Input, Select, Spin } from 'antd';
import { MSG } from '@contract/messages';
import { joinValues, splitValues, DEFAULT_SEPARATOR } from './pickerRules';
import type { OptionPickerProps } from './types';
import { labelsOf } from './useOptionLoader';
import FieldError from './FieldError.desktop';

export default function OptionPickerDesktop(p: OptionPickerProps) {
  const sep = p.separator ?? DEFAULT_SEPARATOR;
  const values = splitValues(p.value, sep);
  if (p.readOnly) return <Input aria-label={p.label} readOnly value={labelsOf(p.options, values).join(sep)} style={p.style} />;
  return (
    <div style={p.style}>
      <Select
        aria-label={p.label}
        style={{ width: '100%' }}
        mode={p.multiple ? 'multiple' : undefined}
        allowClear
        showSearch
        optionFilterProp="label"
        disabled={p.disabled}
        loading={p.loading}
        status={p.error ? 'error' : undefined}
        placeholder={p.placeholder ?? '请选择'}
        value={p.multiple ? values : values[0]}
        options={p.options.map((o) => ({ value: o.value, label: o.label, title: o.extra ? `${o.label}（${o.extra}）` : o.label }))}
        notFoundContent={p.loading ? <Spin size="small" /> : (p.error ?? MSG.noData)}
        onChange={(v: string | string[] | undefined) => p.onChange?.(joinValues(Array.isArray(v) ? v : v ? [v] : [], sep))}
      />
      <FieldError message={p.error} />
    </div>
  );
}
