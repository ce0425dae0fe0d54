// A decision that needs a reason (停用 a customer, 驳回 a distribution order): the desktop modal or
// the phone popup, picked by the one device hook. A rejected `onConfirm` keeps the dialog open and
// shows the server's words; an empty reason is refused with `requiredMessage` before any call.
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { DialogSwitch } from '@/components/dialogs/DialogSwitch';
import { failureMessage } from '@/components/dialogs/formRules';

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
  title: string;
  /** What is being decided, shown above the field. */
  description?: ReactNode;
  label: string;
  /** The server's message for a missing reason ('请输入停用原因', '请输入驳回原因'). */
  requiredMessage: string;
  okText: string;
}

const Desktop = lazy(() => import('./ReasonDialog.desktop'));
const Mobile = lazy(() => import('./ReasonDialog.mobile'));

export function ReasonDialog(props: ReasonDialogProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}

/** State both views share: reset when opened, busy while the call runs, the server's words on a refusal. */
export function useReasonConfirm({ open, onConfirm, onClose }: Pick<ReasonDialogProps, 'open' | 'onConfirm' | 'onClose'>, resetForm: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      resetForm();
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const confirm = async (reason: string) => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, confirm };
}
