// The user picker (spec §2 users by department): value the chosen users' usernames joined by ',',
// text their real names. Desktop: the 1250-wide 选择用户 dialog; phone: a full-screen sheet.
import { deviceView } from '@/hooks/deviceView';
import type { UserPickerProps } from './useUserPicker';

export const UserPicker = deviceView<UserPickerProps>(
  () => import('./UserPicker.desktop'),
  () => import('./UserPicker.mobile'),
);
