// 数据解密 (UserDataDecryption, with an SMS code), from the user dropdown (desktop) or the phone's 我的 tab.
import { lazy } from 'react';
import { DialogSwitch, type DialogProps } from './DialogSwitch';

const Desktop = lazy(() => import('./DataDecryptDialog.desktop'));
const Mobile = lazy(() => import('./DataDecryptDialog.mobile'));

export function DataDecryptDialog(props: DialogProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}
