// The phone filter sheet: the list's query fields in a bottom Popup (text, choice chips, number,
// date range via the calendar), with 重置 and 确定.
import { useEffect, useState } from 'react';
import { Button, CalendarPicker, Form, Input, List, Popup, Selector } from 'antd-mobile';
import dayjs from 'dayjs';
import { useSnapshot } from 'valtio';
import { session } from '@/stores/session';
import type { QueryValues } from './listRules';
import type { QueryField } from './types';

export interface FilterSheetProps {
  open: boolean;
  fields: QueryField[];
  values: QueryValues;
  onClose: () => void;
  onApply: (v: QueryValues) => void;
  onReset: () => void;
}

export default function FilterSheet({ open, fields, values, onClose, onApply, onReset }: FilterSheetProps) {
  const dicts = useSnapshot(session).dicts;
  const [draft, setDraft] = useState<QueryValues>(values);
  const [calendarFor, setCalendarFor] = useState<string | null>(null);
  useEffect(() => {
    if (open) setDraft(values);
  }, [open, values]);
  const set = (field: string, v: QueryValues[string]) => setDraft((d) => ({ ...d, [field]: v }));

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      position="bottom"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh', overflowY: 'auto' }}
    >
      <div style={{ padding: '12px 16px 4px', fontSize: 16, fontWeight: 500, textAlign: 'center' }}>筛选</div>
      <Form layout="vertical">
        {fields.map((f) => {
          const v = draft[f.field];
          if (f.type === 'select' || f.type === 'dict') {
            const options = f.options ?? (f.dictCode ? (dicts[f.dictCode] ?? []).map((i) => ({ value: i.value, label: i.text })) : []);
            return (
              <Form.Item key={f.field} label={f.label}>
                <Selector columns={3} options={options} value={typeof v === 'string' && v ? [v] : []} onChange={(arr) => set(f.field, arr[0] ?? undefined)} />
              </Form.Item>
            );
          }
          if (f.type === 'dateRange') {
            const range = Array.isArray(v) ? v : null;
            return (
              <List.Item key={f.field} onClick={() => setCalendarFor(f.field)} extra={range ? `${range[0]} ~ ${range[1]}` : '请选择'} arrowIcon>
                {f.label}
              </List.Item>
            );
          }
          return (
            <Form.Item key={f.field} label={f.label}>
              <Input
                clearable
                type={f.type === 'number' ? 'number' : 'text'}
                placeholder={f.placeholder ?? `请输入${f.label}`}
                value={typeof v === 'string' ? v : ''}
                onChange={(s) => set(f.field, s)}
              />
            </Form.Item>
          );
        })}
      </Form>
      <div style={{ display: 'flex', gap: 12, padding: 16 }}>
        <Button
          block
          onClick={() => {
            setDraft({});
            onReset();
            onClose();
          }}
        >
          重置
        </Button>
        <Button
          block
          color="primary"
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          确定
        </Button>
      </div>
      <CalendarPicker
        visible={calendarFor !== null}
        selectionMode="range"
        title="选择日期范围"
        onClose={() => setCalendarFor(null)}
        onConfirm={(val) => {
          if (calendarFor && val) set(calendarFor, [dayjs(val[0]).format('YYYY-MM-DD'), dayjs(val[1]).format('YYYY-MM-DD')]);
          setCalendarFor(null);
        }}
      />
    </Popup>
  );
}
