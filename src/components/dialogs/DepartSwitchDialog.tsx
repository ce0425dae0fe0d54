// 切换部门. The opener loads the departments first (loadDepartsForSwitch) and opens the dialog only
// when there is a choice to make.
import { lazy } from 'react';
import { DialogSwitch, type DialogProps } from './DialogSwitch';
import type { DepartChoice } from './departSwitch';

export { loadDepartsForSwitch, type DepartChoice } from './departSwitch';

export type DepartSwitchProps = DialogProps & { choice: DepartChoice | null };

const Desktop = lazy(() => import('./DepartSwitchDialog.desktop'));
const Mobile = lazy(() => import('./DepartSwitchDialog.mobile'));

export function DepartSwitchDialog(props: DepartSwitchProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}
