// The 授权 dialog of a role or department role: a Drawer on the desktop, a full-screen sheet on
// the phone, each loaded on first open.
import { lazy } from 'react';
import { DialogSwitch, type DialogProps } from '@/components/dialogs/DialogSwitch';
import type { GrantTarget } from './api';

export interface GrantDialogProps extends DialogProps {
  title: string;
  target: GrantTarget | null;
}

const Desktop = lazy(() => import('./GrantDialog.desktop'));
const Mobile = lazy(() => import('./GrantDialog.mobile'));

export default function GrantDialog(props: GrantDialogProps) {
  return <DialogSwitch desktop={Desktop} mobile={Mobile} dialog={props} />;
}
