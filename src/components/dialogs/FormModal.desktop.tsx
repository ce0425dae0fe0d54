// The antd shell of a form dialog: a Modal with 确定/取消 around a Form; validates, submits through
// useDialogSubmit, shows the outcome with the app's message API, resets and closes on success.
import type { ReactNode } from 'react';
import { App, Form, Modal, type FormInstance } from 'antd';
import { useDialogSubmit, type DialogOutcome } from './useDialogSubmit';

export interface FormModalProps<V> {
  title: string;
  open: boolean;
  onClose: () => void;
  form: FormInstance<V>;
  submit: (values: V) => Promise<DialogOutcome>;
  children: ReactNode;
  width?: number;
  /** Text above the form. */
  intro?: ReactNode;
  /** 'horizontal' with label and field spans, or 'vertical'. */
  layout?: { labelSpan: number; wrapperSpan: number } | 'vertical';
  /** Keep the form mounted while closed (fields set before opening). */
  forceRender?: boolean;
}

export function FormModal<V>({
  title,
  open,
  onClose,
  form,
  submit,
  children,
  width = 520,
  intro,
  layout = { labelSpan: 6, wrapperSpan: 16 },
  forceRender,
}: FormModalProps<V>) {
  const { message } = App.useApp();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const { saving, run } = useDialogSubmit(submit, { success: (t) => void message.success(t), warning: (t) => void message.warning(t) }, close);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) await run(values);
  };
  const formLayout =
    layout === 'vertical'
      ? ({ layout: 'vertical', style: { marginTop: 16 } } as const)
      : ({
          layout: 'horizontal',
          labelCol: { span: layout.labelSpan },
          wrapperCol: { span: layout.wrapperSpan },
          style: { marginTop: intro ? 0 : 24 },
        } as const);
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void onOk()}
      onCancel={close}
      destroyOnHidden={!forceRender}
      forceRender={forceRender}
    >
      {intro ? <p style={{ margin: '16px 0', color: 'rgba(0,0,0,.65)' }}>{intro}</p> : null}
      <Form form={form} {...formLayout} autoComplete="off">
        {children}
      </Form>
    </Modal>
  );
}
