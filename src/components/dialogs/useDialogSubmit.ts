// The submit cycle every form dialog shares, desktop and phone: saving flag, the call, the success
// (or warning) text, closing on success, the server's words on failure.
import { useState } from 'react';
import { failureMessage } from './formRules';

/** What a dialog's call answers: the text to show, as a success unless it is a warning. */
export type DialogOutcome = string | { text: string; warning?: boolean };

export interface DialogNotifier {
  success: (text: string) => void;
  warning: (text: string) => void;
}

export function useDialogSubmit<V>(submit: (values: V) => Promise<DialogOutcome>, notify: DialogNotifier, done: () => void) {
  const [saving, setSaving] = useState(false);
  const run = async (values: V) => {
    setSaving(true);
    try {
      const outcome = await submit(values);
      const { text, warning } = typeof outcome === 'string' ? { text: outcome, warning: false } : outcome;
      (warning ? notify.warning : notify.success)(text);
      done();
    } catch (err) {
      notify.warning(failureMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
