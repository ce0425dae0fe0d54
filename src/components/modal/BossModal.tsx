// The generic modal of spec §2/§4 with its fullscreen toggle (fullscreen resets each time it opens);
// the image preview and prompt dialogs live beside it. Each picks its rendering by device.
import { deviceView } from '@/hooks/deviceView';
import type { BossModalProps } from './useFullscreen';

const View = deviceView<BossModalProps>(
  () => import('./BossModal.desktop'),
  () => import('./BossModal.mobile'),
);

export function BossModal(props: BossModalProps) {
  return props.open ? <View {...props} /> : null;
}
