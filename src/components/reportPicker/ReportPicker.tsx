// The popup report picker (spec §1, §2): rows of an online report chosen into a field. Desktop: a
// 1200-wide dialog; phone: a full-screen sheet. Each view loads only on the device that shows it.
import { deviceView } from '@/hooks/deviceView';
import type { ReportPickerProps } from './useReportPicker';

export const ReportPicker = deviceView<ReportPickerProps>(
  () => import('./ReportPicker.desktop'),
  () => import('./ReportPicker.mobile'),
);
