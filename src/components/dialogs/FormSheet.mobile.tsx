// The antd-mobile shell of a form dialog: a bottom Popup with a title, an optional intro, the Form
// and one full-width 确定; submits through useDialogSubmit and shows the outcome as a Toast.
import type { ReactNode } from 'react';
import { Button, Form, Popup, Toast } from 'antd-mobile';
import { useDialogSubmit, type DialogOutcome } from './useDialogSubmit';

export interface FormSheetProps<V> {
  title: string;
  open: boolean;
  onClose: () => void;
  form: ReturnType<typeof Form.useForm>[0];
  submit: (values: V) => Promise<DialogOutcome>;
  children: ReactNode;
  intro?: ReactNode;
  /** Keep the form mounted while closed (fields set before opening); it is not reset on success. */
  forceRender?: boolean;
}

export function FormSheet<V>({ title, open, onClose, form, submit, children, intro, forceRender }: FormSheetProps<V>) {
  const done = () => {
    if (!forceRender) form.resetFields();
    onClose();
  };
  const { saving, run } = useDialogSubmit(
    submit,
    { success: (t) => Toast.show({ icon: 'success', content: t }), warning: (t) => Toast.show({ content: t }) },
    done,
  );
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      position="bottom"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '80vh', overflowY: 'auto' }}
      destroyOnClose={!forceRender}
      forceRender={forceRender}
    >
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>{title}</div>
      {intro ? <div style={{ padding: '4px 16px', color: '#666', fontSize: 13 }}>{intro}</div> : null}
      <Form
        form={form}
        onFinish={(v: V) => void run(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving}>
            确定
          </Button>
        }
      >
        {children}
      </Form>
    </Popup>
  );
}
