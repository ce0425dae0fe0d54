// The desktop query form of a list: one field per QueryField (input, select, dict, date range,
// number) in a responsive grid, with 查询 / 重置 and 展开/收起 past three fields.
import { useEffect, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import dayjs, { type Dayjs } from 'dayjs';
import { useSnapshot } from 'valtio';
import { session } from '@/stores/session';
import type { QueryValues } from './listRules';
import type { QueryField } from './types';

type FormValues = Record<string, string | number | [Dayjs, Dayjs] | null | undefined>;

function toForm(fields: QueryField[], values: QueryValues): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = values[f.field];
    if (f.type === 'dateRange') out[f.field] = Array.isArray(v) ? [dayjs(v[0]), dayjs(v[1])] : undefined;
    else out[f.field] = (v as string | undefined) ?? undefined;
  }
  return out;
}
function fromForm(fields: QueryField[], values: FormValues): QueryValues {
  const out: QueryValues = {};
  for (const f of fields) {
    const v = values[f.field];
    if (v === undefined || v === null || v === '') continue;
    out[f.field] = Array.isArray(v) ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : String(v);
  }
  return out;
}

export default function QueryForm({
  fields,
  values,
  onSearch,
  onReset,
}: {
  fields: QueryField[];
  values: QueryValues;
  onSearch: (v: QueryValues) => void;
  onReset: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(false);
  const dicts = useSnapshot(session).dicts;
  useEffect(() => form.setFieldsValue(toForm(fields, values)), [form, fields, values]);
  if (!fields.length) return null;
  const shown = expanded ? fields : fields.slice(0, 3);

  const widget = (f: QueryField) => {
    const placeholder = f.placeholder ?? (f.type === 'input' || f.type === 'number' ? `请输入${f.label}` : `请选择${f.label}`);
    switch (f.type) {
      case 'select':
      case 'dict': {
        const options = f.options ?? (f.dictCode ? (dicts[f.dictCode] ?? []).map((i) => ({ value: i.value, label: i.text })) : []);
        return <Select allowClear placeholder={placeholder} options={options} />;
      }
      case 'dateRange':
        return <DatePicker.RangePicker style={{ width: '100%' }} />;
      case 'number':
        return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
      default:
        return <Input allowClear placeholder={placeholder} />;
    }
  };

  return (
    <Form
      form={form}
      name="listQuery"
      layout="horizontal"
      labelCol={{ flex: '0 0 auto' }}
      wrapperCol={{ flex: '1 1 0' }}
      className="list-kit-query"
      onFinish={(v) => onSearch(fromForm(fields, v))}
    >
      <Row gutter={[16, 12]} style={{ width: '100%' }}>
        {shown.map((f) => (
          <Col key={f.field} xs={24} sm={12} md={8} xl={6}>
            <Form.Item name={f.field} label={f.label} style={{ marginBottom: 0 }}>
              {widget(f)}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} md={8} xl={6}>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onReset();
              }}
            >
              重置
            </Button>
            {fields.length > 3 && (
              <a onClick={() => setExpanded((e) => !e)}>
                {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
              </a>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
