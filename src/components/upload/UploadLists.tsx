// The two lists both upload views draw their files in, with what they share around the files: the
// image tiles (the add tile after them, 暂无图片, the preview) and the file list under its button
// (暂无文件); each with the hidden file input its add tile or button opens (useUpload's pick).
import type { ReactNode } from 'react';
import { ImagePreview } from '@/components/modal/ImagePreview';
import { FilePicker } from './FilePicker';
import type { useUpload } from './useUpload';

interface ListProps {
  /** The view's useUpload. */
  upload: ReturnType<typeof useUpload>;
  /** A phone's file input may open the camera (images only). */
  camera?: boolean;
  /** The view's rendering of each file. */
  children: ReactNode;
}

/** The image tiles, then the add tile (hidden when locked or full). */
export function UploadImageList({ upload: u, camera, add, children }: ListProps & { add: ReactNode }) {
  return (
    <div className="boss-upload-images" role="list" aria-label="图片列表">
      {children}
      {!u.locked && !u.full && add}
      <FilePicker {...u.filePicker} camera={camera} />
      {!u.items.length && u.locked && <span className="boss-upload-empty">暂无图片</span>}
      <ImagePreview src={u.preview} onClose={() => u.setPreview(null)} />
    </div>
  );
}

/** The view's upload button (none when read-only), then the files. */
export function UploadFileList({ upload: u, camera, button, children }: ListProps & { button: ReactNode }) {
  return (
    <div className="boss-upload-files">
      {button}
      <FilePicker {...u.filePicker} camera={camera} />
      <ul className="boss-upload-list" aria-label="文件列表">
        {!u.items.length && u.locked && <li className="boss-upload-empty">暂无文件</li>}
        {children}
      </ul>
    </div>
  );
}
