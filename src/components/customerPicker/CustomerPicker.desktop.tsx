import { useState } from 'react';
import { Select, Spin } from 'antd';
import { PICKER_PLACEHOLDER, type CustomerPickerProps } from './CustomerPicker';
import { customerText, useCustomerSearch } from './useCustomerSearch';

export default function CustomerPickerDesktop({ value, onChange, disabled, placeholder, style, allowClear }: CustomerPickerProps) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<{ cusCode: string; label: string } | null>(null);
  const search = useCustomerSearch(open);
  const recent = search.choices.filter((c) => c.recent);
  const others = search.choices.filter((c) => !c.recent);
  const option = (c: { cusCode: string; cusName: string }) => ({ value: c.cusCode, label: customerText(c), title: customerText(c) });
  const options = [
    ...(recent.length ? [{ label: '最近使用', options: recent.map(option) }] : []),
    ...(others.length ? [{ label: recent.length ? '全部客户' : '客户', options: others.map(option) }] : []),
  ];
  const label = value ? (shown?.cusCode === value ? shown.label : value) : undefined;

  return (
    <Select
      aria-label="客户"
      showSearch
      allowClear={allowClear}
      disabled={disabled}
      style={style}
      placeholder={placeholder ?? PICKER_PLACEHOLDER}
      filterOption={false}
      value={value ? { value, label } : undefined}
      labelInValue
      open={open}
      onDropdownVisibleChange={(o) => {
        setOpen(o);
        if (!o) search.setText('');
      }}
      searchValue={search.text}
      onSearch={search.setText}
      options={options}
      notFoundContent={search.loading ? <Spin size="small" /> : (search.error ?? '没有匹配的客户')}
      onChange={(v: { value: string; label: unknown } | undefined) => {
        const c = v ? search.choices.find((x) => x.cusCode === v.value) : undefined;
        if (!c) {
          setShown(null);
          onChange(null);
          return;
        }
        search.pick(c);
        setShown({ cusCode: c.cusCode, label: customerText(c) });
        onChange({ cusCode: c.cusCode, cusName: c.cusName });
      }}
    />
  );
}
