// The image preview dialog (spec §2): desktop a modal with the image; phone the full-screen viewer.
import { deviceView } from '@/hooks/deviceView';

export interface ImagePreviewProps {
  /** The image to show; null closes it. */
  src: string | null;
  onClose: () => void;
}

const View = deviceView<ImagePreviewProps>(
  () => import('./ImagePreview.desktop'),
  () => import('./ImagePreview.mobile'),
);

export function ImagePreview(props: ImagePreviewProps) {
  return props.src ? <View {...props} /> : null;
}
