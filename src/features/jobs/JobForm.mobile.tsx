// Add / edit a scheduled job (phone): a full-screen popup form with the same fields and rules as
// the desktop one; the cron expression through the phone cron builder.
import { useMemo, useState } from 'react';
import { Button, Form, Input, NavBar, Popup, Radio, Selector, Space, TextArea, Toast } from 'antd-mobile';
import { JOB_STATUS_TEXT } from '@contract/api/jobs';
import CronInputMobile from '@/components/cron/CronInput.mobile';
import type { ListEditorProps } from '@/components/list/types';
import type { JobRow } from './api';
import { formValuesOf, handlerHint, saveJob, useJobHandlers, validateJob, type JobFormValues } from './jobForm';

export default function JobFormMobile({ open, record, onClose, onSaved }: ListEditorProps<JobRow>) {
  const [form] = Form.useForm<JobFormValues>();
  const initial = useMemo(() => formValuesOf(record), [record]);
  const handlers = useJobHandlers();
  const [saving, setSaving] = useState(false);
  const handler = Form.useWatch('handler', form) ?? initial.handler;
  const rule = (field: keyof JobFormValues) => ({
    validator: async () => {
      const msg = validateJob({ ...initial, ...form.getFieldsValue(true) })[field];
      if (msg) throw new Error(msg);
    },
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      Toast.show({ content: await saveJob(record, { ...initial, ...v }) });
      onSaved();
    } catch {
      /* the API layer showed the reason */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }} destroyOnClose>
      <NavBar onBack={onClose}>{record ? '编辑定时任务' : '新增定时任务'}</NavBar>
      <Form
        form={form}
        initialValues={initial}
        layout="vertical"
        footer={
          <Button block color="primary" size="large" loading={saving} onClick={() => void submit()}>
            保存
          </Button>
        }
      >
        <Form.Item name="jobName" label="任务名称" required rules={[rule('jobName')]}>
          <Input placeholder="请输入任务名称" maxLength={50} clearable />
        </Form.Item>
        <Form.Item name="handler" label="处理器" required rules={[rule('handler')]} description={handlerHint(handler)}>
          <Selector
            columns={2}
            options={handlers.map((h) => ({ value: h.key, label: h.name }))}
            value={[handler]}
            onChange={(v) => v.length && form.setFieldValue('handler', v[0])}
          />
        </Form.Item>
        <Form.Item name="cronExpression" label="Cron表达式" required rules={[rule('cronExpression')]}>
          <CronInputMobile />
        </Form.Item>
        <Form.Item name="parameter" label="参数" rules={[rule('parameter')]}>
          <TextArea rows={3} placeholder='JSON 对象，如 {"days": 180}；留空用默认值' />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[rule('description')]}>
          <TextArea rows={2} maxLength={255} placeholder="请输入描述" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group>
            <Space>
              {(['0', '-1'] as const).map((s) => (
                <Radio key={s} value={s}>
                  {JOB_STATUS_TEXT[s]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Popup>
  );
}
