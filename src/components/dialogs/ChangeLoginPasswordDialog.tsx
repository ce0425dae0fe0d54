// 修改登录密码, from the user dropdown (desktop), the account settings page, or the phone's 我的.
import { lazy } from 'react';
import { DialogSwitch, type DialogProps } from './DialogSwitch';

const Desktop = lazy(() => import('./ChangeLoginPasswordDialog.desktop'));
const Mobile = lazy(() => import('./ChangeLoginPasswordDialog.mobile'));

export function ChangeLoginPasswordDialog(props: DialogProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}
