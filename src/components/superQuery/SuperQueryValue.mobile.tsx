// The value line of a phone condition card, by field type and rule: a Picker for a dictionary or
// option field, a CheckList sheet when the rule is `in` over choices, a DatePicker for dates, a
// text or number input, and for `in` over free values a list of tags with an adder.
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, CheckList, DatePicker, Input, List, Picker, Popup, Tag } from 'antd-mobile';
import dayjs from 'dayjs';
import { useSnapshot } from 'valtio';
import { session } from '@/stores/session';
import type { SuperQueryField, SuperQueryRow } from '@/components/list/types';
import { dateFormatOf, optionsOf, valueText } from './superQueryRules';

const DATE_MIN = new Date(2000, 0, 1);
const dateMax = () => dayjs().add(10, 'year').endOf('year').toDate();

const LABEL_WIDTH = { '--prefix-width': '3em' } as CSSProperties;
const placeholder = (text: string) => <span style={{ color: '#ccc' }}>{text}</span>;

interface Props {
  row: SuperQueryRow;
  field?: SuperQueryField;
  onChange: (val: SuperQueryRow['val']) => void;
}

export default function SuperQueryValue({ row, field, onChange }: Props) {
  const dicts = useSnapshot(session).dicts;
  const options = optionsOf(field, dicts);
  const multiple = row.rule === 'in';
  const list = Array.isArray(row.val) ? row.val : row.val ? [row.val] : [];
  const [open, setOpen] = useState(false);
  const text = valueText(row, options);
  const isDate = row.type === 'date' || row.type === 'datetime';
  const format = dateFormatOf(row.type);
  const datePicker = (onPick: (v: string) => void) => (
    <DatePicker
      visible={open}
      title={row.type === 'datetime' ? '选择日期时间' : '选择日期'}
      precision={row.type === 'datetime' ? 'second' : 'day'}
      min={DATE_MIN}
      max={dateMax()}
      value={!multiple && row.val ? dayjs(String(row.val)).toDate() : undefined}
      onClose={() => setOpen(false)}
      onConfirm={(d) => onPick(dayjs(d).format(format))}
    />
  );

  if (options) {
    return (
      <>
        <List.Item prefix="值" style={LABEL_WIDTH} arrowIcon onClick={() => setOpen(true)} data-testid="super-query-value">
          {text || placeholder(multiple ? '请选择（可多选）' : '请选择')}
        </List.Item>
        {multiple ? (
          <ChoiceSheet open={open} options={options} value={list} onClose={() => setOpen(false)} onConfirm={(v) => onChange(v)} />
        ) : (
          <Picker
            title="请选择"
            columns={[options]}
            visible={open}
            value={[typeof row.val === 'string' && row.val ? row.val : null]}
            onClose={() => setOpen(false)}
            onConfirm={(v) => onChange(v[0] === null || v[0] === undefined ? '' : String(v[0]))}
          />
        )}
      </>
    );
  }
  if (multiple) {
    return (
      <MultiValue
        values={list}
        onChange={onChange}
        adder={isDate ? { open: () => setOpen(true), picker: datePicker((v) => onChange(list.includes(v) ? list : [...list, v])) } : undefined}
      />
    );
  }
  if (isDate) {
    // The picker is a sibling: React events bubble through portals, a click in it must not reopen it.
    return (
      <>
        <List.Item prefix="值" style={LABEL_WIDTH} arrowIcon onClick={() => setOpen(true)} data-testid="super-query-value">
          {text || placeholder(row.type === 'datetime' ? '请选择日期时间' : '请选择日期')}
        </List.Item>
        {datePicker((v) => onChange(v))}
      </>
    );
  }
  return (
    <List.Item prefix="值" style={LABEL_WIDTH} data-testid="super-query-value">
      <Input
        clearable
        type={row.type === 'number' ? 'number' : 'text'}
        placeholder={row.type === 'number' ? '请输入数值' : '请输入值'}
        value={typeof row.val === 'string' ? row.val : ''}
        onChange={(v) => onChange(v)}
      />
    </List.Item>
  );
}

/** `in` over choices: a bottom sheet with a multiple CheckList, 取消 and 确定. */
function ChoiceSheet({
  open,
  options,
  value,
  onClose,
  onConfirm,
}: {
  open: boolean;
  options: { value: string; label: string }[];
  value: string[];
  onClose: () => void;
  onConfirm: (v: string[]) => void;
}) {
  const [draft, setDraft] = useState<string[]>(value);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      afterShow={() => setDraft(value)}
      position="bottom"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh', display: 'flex', flexDirection: 'column' }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '12px 16px', borderBottom: '1px solid #eee' }}>
        <a onClick={onClose} style={{ color: '#666' }}>
          取消
        </a>
        <span style={{ fontWeight: 500 }}>请选择（可多选）</span>
        <a
          onClick={() => {
            onConfirm(draft);
            onClose();
          }}
        >
          确定
        </a>
      </div>
      <div style={{ overflowY: 'auto' }}>
        <CheckList multiple value={draft} onChange={(v) => setDraft(v.map(String))}>
          {options.map((o) => (
            <CheckList.Item key={o.value} value={o.value}>
              {o.label}
            </CheckList.Item>
          ))}
        </CheckList>
      </div>
    </Popup>
  );
}

/** `in` over free values: the values as closable tags, and an input (or a date picker) adding one more. */
function MultiValue({ values, onChange, adder }: { values: string[]; onChange: (v: string[]) => void; adder?: { open: () => void; picker: ReactNode } }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const v = draft.trim();
    if (v && !values.includes(v)) onChange([...values, v]);
    setDraft('');
  };
  return (
    <List.Item prefix="值" style={LABEL_WIDTH} data-testid="super-query-value">
      {values.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 6 }}>
          {values.map((v) => (
            <Tag key={v} color="primary" fill="outline" style={{ fontSize: 13, padding: '2px 6px' }}>
              {v}
              <span role="button" aria-label={`移除${v}`} style={{ marginLeft: 6 }} onClick={() => onChange(values.filter((x) => x !== v))}>
                ×
              </span>
            </Tag>
          ))}
        </div>
      )}
      {adder ? (
        <>
          <Button size="mini" onClick={adder.open}>
            添加日期
          </Button>
          {adder.picker}
        </>
      ) : (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Input placeholder="输入一个值后点添加" value={draft} onChange={setDraft} onEnterPress={add} style={{ flex: 1 }} />
          <Button size="mini" color="primary" fill="outline" onClick={add}>
            添加
          </Button>
        </div>
      )}
    </List.Item>
  );
}
