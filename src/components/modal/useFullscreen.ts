// Spec §4 modal: normal (60% wide) or fullscreen (100%); the fullscreen state goes back to its
// initial value each time the modal opens; OK closes unless okClose is false.
import { useEffect, useState } from 'react';

export const MODAL_WIDTH = '60%';

export function useFullscreen(open: boolean, initial = false) {
  const [fullscreen, setFullscreen] = useState(initial);
  useEffect(() => {
    if (open) setFullscreen(initial);
  }, [open, initial]);
  return { fullscreen, toggle: () => setFullscreen((f) => !f) };
}

export interface BossModalProps {
  open: boolean;
  title: React.ReactNode;
  children?: React.ReactNode;
  /** Initial fullscreen state, restored at every opening. */
  fullscreen?: boolean;
  /** Offer the fullscreen switch (default true). */
  switchFullscreen?: boolean;
  /** Normal width (default 60%). */
  width?: number | string;
  okText?: string;
  cancelText?: string;
  /** Hide the footer (a read-only view). */
  footer?: false;
  confirmLoading?: boolean;
  /** OK closes the modal (calls onCancel after onOk) unless false. */
  okClose?: boolean;
  onOk?: () => void | Promise<void>;
  onCancel: () => void;
}

/** OK: runs onOk, then closes unless okClose is false; a rejected onOk keeps the modal open. */
export async function runOk(props: Pick<BossModalProps, 'onOk' | 'okClose' | 'onCancel'>): Promise<void> {
  await props.onOk?.();
  if (props.okClose !== false) props.onCancel();
}
