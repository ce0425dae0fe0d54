// The area, time and tags pickers of spec §1 (antd on desktop, antd-mobile on a phone).
import { deviceView } from '@/hooks/deviceView';
import type { PickerBaseProps } from './types';

/** Province / city / district rooted at 86; the value is the chosen code. */
export const AreaPicker = deviceView<PickerBaseProps>(
  () => import('./AreaPicker.desktop'),
  () => import('./AreaPicker.mobile'),
);
/** A time of day; the value is 'HH:mm:ss'. */
export const TimePicker = deviceView<PickerBaseProps>(
  () => import('./TimePicker.desktop'),
  () => import('./TimePicker.mobile'),
);
/** Tags of 2 characters (§5); the value is the tags joined by ';'. */
export const TagsPicker = deviceView<PickerBaseProps>(
  () => import('./TagsPicker.desktop'),
  () => import('./TagsPicker.mobile'),
);
