// 设置操作密码 (CusSetOpPwd, with an SMS code), from the user dropdown (desktop) or the phone's 我的 tab.
import { lazy } from 'react';
import { DialogSwitch, type DialogProps } from './DialogSwitch';

const Desktop = lazy(() => import('./OpPasswordDialog.desktop'));
const Mobile = lazy(() => import('./OpPasswordDialog.mobile'));

export function OpPasswordDialog(props: DialogProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}
