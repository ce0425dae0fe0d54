// The add / edit form of a configuration resource (phone): the same FormSpec and contract rules as
// the desktop dialog, in a full-screen antd-mobile popup.
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Button, Form, Input, NavBar, Popup, Selector, TextArea, Toast } from 'antd-mobile';
import type { ListEditorProps, ListOption, ListRow } from '@/components/list/types';
import { saveRecord, testConnection, type ConnectionTarget } from './api';
import { initialValues, validate, wireValues, type FormField, type FormSpec, type FormValues } from './formSpec';

function control(f: FormField, editing: boolean) {
  const disabled = editing && f.fixedOnEdit;
  switch (f.kind) {
    case 'number':
      return <Input type="number" inputMode="numeric" placeholder={f.placeholder ?? `请输入${f.label}`} disabled={disabled} />;
    case 'textarea':
      return <TextArea rows={3} maxLength={255} showCount placeholder={f.placeholder ?? `请输入${f.label}`} />;
    case 'json':
      return <TextArea rows={6} placeholder={f.placeholder} style={{ '--font-size': '13px', fontFamily: 'ui-monospace, Menlo, monospace' } as never} />;
    case 'password':
      return <Input type="password" autoComplete="new-password" placeholder={f.placeholder ?? `请输入${f.label}`} clearable />;
    default:
      return <Input placeholder={f.placeholder ?? `请输入${f.label}`} disabled={disabled} clearable />;
  }
}

export default function ConfigFormMobile({ spec, open, record, onClose, onSaved }: ListEditorProps<ListRow> & { spec: FormSpec }) {
  const [form] = Form.useForm<FormValues>();
  const initial = useMemo(() => initialValues(spec, record), [spec, record]);
  const [options, setOptions] = useState<Record<string, ListOption[]>>({});
  const [saving, setSaving] = useState(false);
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
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      Toast.show({ content: await saveRecord(spec.resource, wireValues(spec, { ...initial, ...v }, record), record?.id) });
      onSaved();
    } catch (err) {
      Toast.show({ content: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    const r = await testConnection({ ...(initial as unknown as ConnectionTarget), ...form.getFieldsValue(true), id: record?.id });
    Toast.show({ icon: r.ok ? 'success' : 'fail', content: r.message });
  };

  const choice = (f: FormField) => {
    const opts = options[f.name] ?? f.options ?? [];
    return (
      <Form.Item
        key={f.name}
        name={f.name}
        label={f.label}
        required={f.required}
        rules={[rule(f.name)]}
        description={f.help}
        getValueProps={(v: unknown) => ({ value: v === undefined || v === '' ? [] : [String(v)] })}
        getValueFromEvent={(v: string[]) => v[0] ?? ''}
      >
        <Selector columns={f.kind === 'status' ? 2 : 1} options={opts.map((o) => ({ value: o.value, label: o.label }))} />
      </Form.Item>
    );
  };

  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }} destroyOnClose>
      <NavBar onBack={onClose}>{`${record ? '编辑' : '新增'}${spec.title}`}</NavBar>
      <Form
        form={form}
        initialValues={initial}
        layout="vertical"
        footer={
          <>
            {spec.testConnection && (
              <Button block size="large" style={{ marginBottom: 12 }} onClick={() => void test()}>
                测试连接
              </Button>
            )}
            <Button block color="primary" size="large" loading={saving} onClick={() => void submit()}>
              保存
            </Button>
          </>
        }
      >
        {spec.fields
          .filter((f) => !(f.addOnly && record))
          .map((f) =>
            f.kind === 'select' || f.kind === 'status' ? (
              choice(f)
            ) : (
              <Form.Item key={f.name} name={f.name} label={f.label} required={f.required} rules={[rule(f.name)]} description={f.help}>
                {control(f, !!record)}
              </Form.Item>
            ),
          )}
      </Form>
    </Popup>
  );
}

const cache = new WeakMap<FormSpec, ComponentType<ListEditorProps<ListRow>>>();
export function editorFor<T extends ListRow>(spec: FormSpec): ComponentType<ListEditorProps<T>> {
  let c = cache.get(spec);
  if (!c) {
    c = (props: ListEditorProps<ListRow>) => <ConfigFormMobile spec={spec} {...props} />;
    cache.set(spec, c);
  }
  return c as unknown as ComponentType<ListEditorProps<T>>;
}
