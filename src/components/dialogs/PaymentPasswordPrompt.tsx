// The payment-password prompt of approvals (spec §2 payment-password dialog; issue 4 §3/§4): asks for
// the approver's payment password once and hands the wire-encoded value to `onConfirm`. Desktop: an
// antd modal with a password field labelled 支付密码; phone: the full keyboard, or, only when the
// configured rule is six digits, a 6-digit keypad (PasscodeInput + NumberKeyboard) with a switch. A rejected `onConfirm` keeps the
// prompt open, clears the entry and shows the error's message (e.g. '支付密码错误，还可尝试N次').
import { lazy, type ReactNode } from 'react';
import { DialogSwitch } from './DialogSwitch';

export interface PaymentPasswordPromptProps {
  open: boolean;
  onClose: () => void;
  /** Receives encodePassword(plain) as contract/api/pay.ts auditPassBody.payPwd expects it. */
  onConfirm: (payPwd: string) => Promise<void>;
  /** Default '请输入支付密码'. */
  title?: string;
  /** What is being approved, e.g. '审批通过 3 笔订单，合计 ¥1,234.50'. */
  description?: ReactNode;
  /** Phone only: start with the full keyboard instead of the 6-digit keypad. */
  fullKeyboard?: boolean;
}

const Desktop = lazy(() => import('./PaymentPasswordPrompt.desktop'));
const Mobile = lazy(() => import('./PaymentPasswordPrompt.mobile'));

export function PaymentPasswordPrompt(props: PaymentPasswordPromptProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}
