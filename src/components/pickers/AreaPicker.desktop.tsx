// Desktop area picker: an antd Cascader (province / city / district); the value is the last code.
import { Cascader, Input, Spin } from 'antd';
import type { PickerBaseProps } from './types';
import { useAreaPicker } from './useAreaPicker';
import FieldError from './FieldError.desktop';

export default function AreaPickerDesktop(p: PickerBaseProps) {
  const a = useAreaPicker(p.value);
  if (p.readOnly) return <Input aria-label={p.label} readOnly value={a.text} style={p.style} />;
  return (
    <div style={p.style}>
      <Cascader
        aria-label={p.label}
        style={{ width: '100%' }}
        options={a.options}
        value={a.path}
        disabled={p.disabled}
        status={a.error ? 'error' : undefined}
        placeholder={p.placeholder ?? '请选择省/市/区'}
        showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
        notFoundContent={a.loading ? <Spin size="small" /> : (a.error ?? '没有查询到任何数据')}
        onOpenChange={(open) => open && a.want()}
        onChange={(codes) => p.onChange?.(codes?.length ? String(codes[codes.length - 1]) : '')}
      />
      <FieldError message={a.error} />
    </div>
  );
}
