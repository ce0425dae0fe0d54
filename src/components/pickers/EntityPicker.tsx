// The business-entity picker (spec §2): value the chosen entities' ids joined by ','; names
// shortened at 12 characters. Desktop: a 900-wide dialog; phone: a full-screen sheet.
import { deviceView } from '@/hooks/deviceView';
import type { EntityPickerProps } from './useEntityPicker';

export const EntityPicker = deviceView<EntityPickerProps>(
  () => import('./EntityPicker.desktop'),
  () => import('./EntityPicker.mobile'),
);
