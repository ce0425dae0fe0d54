// Phone option picker: the field opens a bottom sheet with a searchable check list (one or many).
import { useMemo, useState } from 'react';
import { Button, CheckList, Popup, SearchBar } from 'antd-mobile';
import { MSG } from '@contract/messages';
import { joinValues, splitValues, DEFAULT_SEPARATOR } from './pickerRules';
import PickerField from './PickerField.mobile';
import type { OptionPickerProps } from './types';
import { labelsOf } from './useOptionLoader';

export default function OptionPickerMobile(p: OptionPickerProps) {
  const sep = p.separator ?? DEFAULT_SEPARATOR;
  const values = splitValues(p.value, sep);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [text, setText] = useState('');
  const shown = useMemo(() => p.options.filter((o) => !text || o.label.includes(text) || o.value.includes(text)), [p.options, text]);
  const finish = (chosen: string[]) => {
    setOpen(false);
    p.onChange?.(joinValues(chosen, sep));
  };
  return (
    <>
      <PickerField
        label={p.label}
        text={labelsOf(p.options, values).join(sep)}
        placeholder={p.placeholder ?? '请选择'}
        disabled={p.disabled}
        readOnly={p.readOnly}
        loading={p.loading}
        error={p.error}
        style={p.style}
        onOpen={() => {
          setDraft(values);
          setText('');
          setOpen(true);
        }}
        onClear={() => p.onChange?.('')}
      />
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ height: '60vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: 12 }}>
            <SearchBar style={{ flex: 1 }} placeholder={MSG.enterSearch} value={text} onChange={setText} />
            {p.multiple && (
              <Button size="small" color="primary" onClick={() => finish(draft)}>
                确定
              </Button>
            )}
          </div>
          <div style={{ flex: 1, overflowY: 'auto' }}>
            <CheckList
              aria-label={p.label}
              multiple={p.multiple}
              value={draft}
              onChange={(v) => {
                const next = v.map(String);
                if (p.multiple) setDraft(next);
                else finish(next);
              }}
            >
              {shown.map((o) => (
                <CheckList.Item key={o.value} value={o.value} description={o.extra}>
                  {o.label}
                </CheckList.Item>
              ))}
            </CheckList>
            {!shown.length && <div style={{ padding: 24, textAlign: 'center', color: 'var(--boss-color-weak)' }}>{p.error ?? MSG.noData}</div>}
          </div>
        </div>
      </Popup>
    </>
  );
}
