import { Modal } from 'antd';
import type { ImagePreviewProps } from './ImagePreview';
import './modal.css';

export default function ImagePreviewDesktop({ src, onClose }: ImagePreviewProps) {
  return (
    <Modal open={!!src} title="图片预览" footer={null} onCancel={onClose} width={720} centered>
      {src && <img className="boss-preview-img" src={src} alt="图片预览" />}
    </Modal>
  );
}
