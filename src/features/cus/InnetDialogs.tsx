// The innet dialogs on either screen (desktop modal, phone sheet), each loaded on demand.
import { deviceView } from '@/hooks/deviceView';
import type { ApplyDialogProps, SignDialogProps } from './useInnetActions';

export const ApplyView = deviceView<ApplyDialogProps>(
  () => import('./InnetDialogs.desktop').then((m) => ({ default: m.ApplyDialog })),
  () => import('./InnetDialogs.mobile').then((m) => ({ default: m.ApplySheet })),
);
export const SignView = deviceView<SignDialogProps>(
  () => import('./InnetDialogs.desktop').then((m) => ({ default: m.SignDialog })),
  () => import('./InnetDialogs.mobile').then((m) => ({ default: m.SignSheet })),
);
