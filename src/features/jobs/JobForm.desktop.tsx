// Add / edit a scheduled job (desktop): name, handler from the server's registry (with its
// parameter hint), the cron expression through the cron dialog, the parameter JSON checked against
// the handler's schema as you type, description and status.
import { useMemo, useState } from 'react';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { JOB_STATUS_TEXT } from '@contract/api/jobs';
import CronInput from '@/components/cron/CronInput.desktop';
import type { ListEditorProps } from '@/components/list/types';
import type { JobRow } from './api';
import { formValuesOf, handlerHint, saveJob, useJobHandlers, validateJob, type JobFormValues } from './jobForm';

export default function JobFormDesktop({ open, record, onClose, onSaved }: ListEditorProps<JobRow>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<JobFormValues>();
  const initial = useMemo(() => formValuesOf(record), [record]);
  const handlers = useJobHandlers();
  const [saving, setSaving] = useState(false);
  const handler = Form.useWatch('handler', form) ?? initial.handler;

  // One schema for every field: the contract's jobForm, as the server applies it.
  const rule = (field: keyof JobFormValues): RuleObject => ({
    validator: async () => {
      const msg = validateJob({ ...initial, ...form.getFieldsValue(true) })[field];
      if (msg) throw new Error(msg);
    },
  });

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      void message.success(await saveJob(record, { ...initial, ...v }));
      onSaved();
    } catch {
      /* the API layer showed the reason */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={record ? '编辑定时任务' : '新增定时任务'}
      width={640}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={initial} requiredMark>
        <Form.Item name="jobName" label="任务名称" required rules={[rule('jobName')]}>
          <Input placeholder="请输入任务名称" maxLength={50} />
        </Form.Item>
        <Form.Item name="handler" label="处理器" required rules={[rule('handler')]} extra={handlerHint(handler)}>
          <Select
            placeholder="请选择处理器"
            options={handlers.map((h) => ({ value: h.key, label: `${h.name}（${h.key}）` }))}
            onChange={() => void form.validateFields(['parameter']).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item name="cronExpression" label="Cron表达式" required rules={[rule('cronExpression')]}>
          <CronInput />
        </Form.Item>
        <Form.Item name="parameter" label="参数" rules={[rule('parameter')]} validateTrigger={['onChange', 'onBlur']}>
          <Input.TextArea rows={3} placeholder='JSON 对象，如 {"days": 180}；留空用默认值' style={{ fontFamily: 'ui-monospace, Menlo, monospace' }} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[rule('description')]}>
          <Input.TextArea rows={2} maxLength={255} placeholder="请输入描述" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={(['0', '-1'] as const).map((s) => ({ value: s, label: JOB_STATUS_TEXT[s] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
