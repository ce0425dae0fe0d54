// The prompt dialog (spec §2, §5): asks for one value and runs its form rules before OK; OK with
// a value that breaks a rule shows the rule's message and keeps the dialog open.
import { useState } from 'react';
import type { Rule } from 'antd/es/form';
import { deviceView } from '@/hooks/deviceView';

export interface PromptDialogProps {
  open: boolean;
  title: string;
  label: string;
  placeholder?: string;
  defaultValue?: string;
  /** Form rules (the shape antd and antd-mobile forms share). */
  rules?: Rule[];
  /** Called with the value once every rule passes; a rejection keeps the dialog open. */
  onOk: (value: string) => void | Promise<void>;
  onCancel: () => void;
}

/** OK of both views: runs the form's rules, then onOk, then closes; a broken rule or a refused onOk keeps it open. */
export function usePromptSubmit(form: { validateFields: () => Promise<{ value?: string }> }, props: Pick<PromptDialogProps, 'onOk' | 'onCancel'>) {
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    let value: string;
    try {
      value = (await form.validateFields()).value ?? '';
    } catch {
      return;
    }
    setBusy(true);
    try {
      await props.onOk(value);
      props.onCancel();
    } catch {
      // The caller said no (and said why); the dialog stays open with what was typed.
    } finally {
      setBusy(false);
    }
  };
  return { busy, ok: () => void ok() };
}

const View = deviceView<PromptDialogProps>(
  () => import('./PromptDialog.desktop'),
  () => import('./PromptDialog.mobile'),
);

export function PromptDialog(props: PromptDialogProps) {
  return props.open ? <View {...props} /> : null;
}
