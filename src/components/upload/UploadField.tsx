// The image and file upload of spec §1 (issue 16 §3): one hook (useUpload), a desktop and a phone
// rendering chosen by the device. Value: the stored paths joined by commas.
import { deviceView } from '@/hooks/deviceView';
import type { UploadFieldProps } from './useUpload';

export const UploadField = deviceView<UploadFieldProps>(
  () => import('./UploadField.desktop'),
  () => import('./UploadField.mobile'),
);
