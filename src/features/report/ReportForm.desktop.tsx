// Add / edit an online report (desktop): code, name, data source, the shown columns in order with
// their titles, and the query fields with their mode.
import { Alert, Form, Input, Modal, Select, message } from 'antd';
import { QUERY_MODES, QUERY_MODE_TEXT, type QueryMode, type ReportRecord } from '@contract/api/report';
import type { ListEditorProps } from '@/components/list/types';
import { SOURCE_OPTIONS, fieldOptions, defaultMode, useReportForm } from './reportForm';
import { useEffect, useState } from 'react';

export default function ReportFormDesktop({ open, record, onClose, onSaved }: ListEditorProps<ReportRecord>) {
  const f = useReportForm(record);
  const [error, setError] = useState<string | null>(null);
  // A refusal stands until the values change.
  useEffect(() => setError(null), [f.v]);
  const { v } = f;
  const labelOf = (field: string) => fieldOptions(v.source).find((o) => o.value === field)?.label ?? field;
  return (
    <Modal
      open={open}
      title={record ? '编辑报表' : '新增报表'}
      width={800}
      okText="保存"
      confirmLoading={f.saving}
      onCancel={onClose}
      onOk={async () => {
        const res = await f.submit();
        if (!res.ok) return setError(res.message);
        void message.success(res.message);
        onSaved();
      }}
      destroyOnHidden
    >
      <Form layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 19 }}>
        <Form.Item label="报表编码" required>
          <Input aria-label="报表编码" placeholder="请输入报表编码" maxLength={32} value={v.code} onChange={(e) => f.set('code', e.target.value)} />
        </Form.Item>
        <Form.Item label="报表名称" required>
          <Input aria-label="报表名称" placeholder="请输入报表名称" maxLength={50} value={v.name} onChange={(e) => f.set('name', e.target.value)} />
        </Form.Item>
        <Form.Item label="数据源" required>
          <Select
            aria-label="数据源"
            placeholder="请选择数据源"
            showSearch
            optionFilterProp="label"
            options={SOURCE_OPTIONS}
            value={v.source || undefined}
            onChange={(s) => f.set('source', s)}
          />
        </Form.Item>
        <Form.Item label="显示列" required>
          <Select
            aria-label="显示列"
            mode="multiple"
            placeholder="请选择显示列（按选择顺序显示）"
            options={fieldOptions(v.source)}
            value={v.fields}
            onChange={(fields: string[]) => f.set('fields', fields)}
          />
        </Form.Item>
        {v.fields.map((field) => (
          <Form.Item key={field} label={`${labelOf(field)}标题`}>
            <Input
              aria-label={`${labelOf(field)}标题`}
              placeholder={labelOf(field)}
              maxLength={30}
              value={v.titles[field] ?? ''}
              onChange={(e) => f.setTitle(field, e.target.value)}
            />
          </Form.Item>
        ))}
        <Form.Item label="查询条件">
          <Select
            aria-label="查询条件"
            mode="multiple"
            placeholder="请选择查询字段"
            options={fieldOptions(v.source, true)}
            value={v.queryFields}
            onChange={(fields: string[]) => f.set('queryFields', fields)}
          />
        </Form.Item>
        {v.queryFields.map((field) => (
          <Form.Item key={field} label={`${labelOf(field)}查询`}>
            <Select
              aria-label={`${labelOf(field)}查询模式`}
              options={QUERY_MODES.map((m) => ({ value: m, label: QUERY_MODE_TEXT[m] }))}
              value={v.modes[field] ?? defaultMode(v.source, field)}
              onChange={(m: QueryMode) => f.setMode(field, m)}
            />
          </Form.Item>
        ))}
      </Form>
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
}
