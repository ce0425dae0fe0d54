import { ImageViewer } from 'antd-mobile';
import type { ImagePreviewProps } from './ImagePreview';

export default function ImagePreviewMobile({ src, onClose }: ImagePreviewProps) {
  return <ImageViewer image={src ?? ''} visible={!!src} onClose={onClose} />;
}
