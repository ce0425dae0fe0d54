// 设置支付密码 (spec §2/§5; AcctPayPwdModify), from the user dropdown (desktop) or the phone's 我的 tab.
import { lazy } from 'react';
import { DialogSwitch, type DialogProps } from './DialogSwitch';

const Desktop = lazy(() => import('./PayPasswordDialog.desktop'));
const Mobile = lazy(() => import('./PayPasswordDialog.mobile'));

export function PayPasswordDialog(props: DialogProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}
