// The add / edit dialog of a configuration resource (desktop): renders a FormSpec in an antd
// Modal, validates every field with the contract schema the server applies, saves and reports.
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import type { ListEditorProps, ListOption, ListRow } from '@/components/list/types';
import { saveRecord, testConnection, type ConnectionTarget } from './api';
import { formatJson, initialValues, validate, wireValues, type FormField, type FormSpec, type FormValues } from './formSpec';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

function control(f: FormField, options: ListOption[] | undefined, editing: boolean, onFormat: () => void) {
  const disabled = editing && f.fixedOnEdit;
  switch (f.kind) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={f.placeholder ?? `请输入${f.label}`} disabled={disabled} />;
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={255} showCount placeholder={f.placeholder ?? `请输入${f.label}`} />;
    case 'password':
      return <Input.Password autoComplete="new-password" placeholder={f.placeholder ?? `请输入${f.label}`} />;
    case 'select':
      return <Select options={options ?? f.options} placeholder={`请选择${f.label}`} disabled={disabled} showSearch optionFilterProp="label" />;
    case 'status':
      return <Radio.Group options={f.options} optionType="button" buttonStyle="solid" />;
    case 'json':
      return <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} spellCheck={false} style={mono} placeholder={f.placeholder} onBlur={onFormat} />;
    default:
      return <Input placeholder={f.placeholder ?? `请输入${f.label}`} disabled={disabled} allowClear />;
  }
}

export default function ConfigFormDesktop({ spec, open, record, onClose, onSaved }: ListEditorProps<ListRow> & { spec: FormSpec }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo(() => initialValues(spec, record), [spec, record]);
  const [options, setOptions] = useState<Record<string, ListOption[]>>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);

  useEffect(() => {
    void spec
      .loadOptions?.()
      .then(setOptions)
      .catch(() => undefined);
  }, [spec]);

  const rule = (name: string) => ({
    validator: async () => {
      const msg = validate(spec, { ...initial, ...form.getFieldsValue(true) }, record)[name];
      if (msg) throw new Error(msg);
    },
  });

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      void message.success(await saveRecord(spec.resource, wireValues(spec, { ...initial, ...v }, record), record?.id));
      onSaved();
    } catch (err) {
      void message.warning((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    setTesting(true);
    const v = { ...initial, ...form.getFieldsValue(true) } as unknown as ConnectionTarget;
    const r = await testConnection({ ...v, id: record?.id });
    setTesting(false);
    if (r.ok) void message.success(r.message);
    else void message.error(r.message);
  };

  const footer = (
    <Space>
      {spec.testConnection && (
        <Button loading={testing} onClick={() => void test()}>
          测试连接
        </Button>
      )}
      <Button onClick={onClose}>取消</Button>
      <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
        保存
      </Button>
    </Space>
  );

  return (
    <Modal open={open} title={`${record ? '编辑' : '新增'}${spec.title}`} width={spec.width ?? 560} onCancel={onClose} footer={footer} destroyOnHidden>
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={initial} requiredMark>
        {spec.fields
          .filter((f) => !(f.addOnly && record))
          .map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              required={f.required}
              rules={[rule(f.name)]}
              extra={f.help}
              validateTrigger={['onChange', 'onBlur']}
            >
              {control(f, options[f.name], !!record, () => form.setFieldValue(f.name, formatJson(String(form.getFieldValue(f.name) ?? ''))))}
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}

const cache = new WeakMap<FormSpec, ComponentType<ListEditorProps<ListRow>>>();
/** The list kit's editor component for a form spec (stable per spec). */
export function editorFor<T extends ListRow>(spec: FormSpec): ComponentType<ListEditorProps<T>> {
  let c = cache.get(spec);
  if (!c) {
    c = (props: ListEditorProps<ListRow>) => <ConfigFormDesktop spec={spec} {...props} />;
    cache.set(spec, c);
  }
  return c as unknown as ComponentType<ListEditorProps<T>>;
}
