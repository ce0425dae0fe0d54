// Add / edit an online report (phone): the same fields as the desktop form in a full-screen popup;
// columns and query fields as selectors, in the order tapped.
import { Button, Form, Input, NavBar, Popup, Selector, Toast } from 'antd-mobile';
import { QUERY_MODES, QUERY_MODE_TEXT, type ReportRecord } from '@contract/api/report';
import type { ListEditorProps } from '@/components/list/types';
import { SOURCE_OPTIONS, defaultMode, fieldOptions, useReportForm } from './reportForm';

/** Keeps the tap order: a newly tapped field goes last. */
const ordered = (old: string[], next: string[]) => [...old.filter((x) => next.includes(x)), ...next.filter((x) => !old.includes(x))];

export default function ReportFormMobile({ open, record, onClose, onSaved }: ListEditorProps<ReportRecord>) {
  const f = useReportForm(record);
  const { v } = f;
  const labelOf = (field: string) => fieldOptions(v.source).find((o) => o.value === field)?.label ?? field;
  const submit = async () => {
    const res = await f.submit();
    Toast.show({ content: res.message, icon: res.ok ? 'success' : 'fail' });
    if (res.ok) onSaved();
  };
  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }} destroyOnClose>
      <NavBar onBack={onClose} backIcon={<span aria-label="返回">‹</span>}>
        {record ? '编辑报表' : '新增报表'}
      </NavBar>
      <Form
        layout="vertical"
        footer={
          <Button block color="primary" size="large" loading={f.saving} onClick={() => void submit()}>
            保存
          </Button>
        }
      >
        <Form.Item label="报表编码" required>
          <Input aria-label="报表编码" placeholder="请输入报表编码" maxLength={32} value={v.code} onChange={(x) => f.set('code', x)} clearable />
        </Form.Item>
        <Form.Item label="报表名称" required>
          <Input aria-label="报表名称" placeholder="请输入报表名称" maxLength={50} value={v.name} onChange={(x) => f.set('name', x)} clearable />
        </Form.Item>
        <Form.Item label="数据源" required>
          <Selector columns={2} options={SOURCE_OPTIONS} value={v.source ? [v.source] : []} onChange={(x) => x.length && f.set('source', x[0])} />
        </Form.Item>
        <Form.Item label="显示列" required description="按点选顺序显示">
          <Selector multiple columns={3} options={fieldOptions(v.source)} value={v.fields} onChange={(x) => f.set('fields', ordered(v.fields, x))} />
        </Form.Item>
        {v.fields.map((field) => (
          <Form.Item key={field} label={`${labelOf(field)}标题`}>
            <Input
              aria-label={`${labelOf(field)}标题`}
              placeholder={labelOf(field)}
              maxLength={30}
              value={v.titles[field] ?? ''}
              onChange={(x) => f.setTitle(field, x)}
            />
          </Form.Item>
        ))}
        <Form.Item label="查询条件">
          <Selector
            multiple
            columns={3}
            options={fieldOptions(v.source, true)}
            value={v.queryFields}
            onChange={(x) => f.set('queryFields', ordered(v.queryFields, x))}
          />
        </Form.Item>
        {v.queryFields.map((field) => (
          <Form.Item key={field} label={`${labelOf(field)}查询模式`}>
            <Selector
              columns={2}
              options={QUERY_MODES.map((m) => ({ value: m, label: QUERY_MODE_TEXT[m] }))}
              value={[v.modes[field] ?? defaultMode(v.source, field)]}
              onChange={(x) => x.length && f.setMode(field, x[0])}
            />
          </Form.Item>
        ))}
      </Form>
    </Popup>
  );
}
