// The preview of a stored file, on both screens: an image in the shared image preview, a PDF in the
// shared modal's iframe (as the contract preview does), each from an object URL fetched with the session.
import { useEffect, useState } from 'react';
import type { OssFileRecord } from '@contract/api/files';
import { BossModal } from '@/components/modal/BossModal';
import { ImagePreview } from '@/components/modal/ImagePreview';
import { fileObjectUrl } from './api';

export const canPreview = (r: Pick<OssFileRecord, 'isImage' | 'contentType'>) => r.isImage || r.contentType === 'application/pdf';

export function FilePreview({ file, onClose, onError }: { file: OssFileRecord | null; onClose: () => void; onError: (m: string) => void }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    let made: string | null = null;
    setUrl(null);
    fileObjectUrl(file.id, file.contentType).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      (err: Error) => {
        if (!live) return;
        onError(err.message);
        onClose();
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);
  if (!file || !url) return null;
  if (file.isImage) return <ImagePreview src={url} onClose={onClose} />;
  return (
    <BossModal open title={`文件预览：${file.fileName}`} footer={false} width="70%" onCancel={onClose}>
      <p>
        <a href={url} download={file.fileName}>
          下载文件
        </a>
      </p>
      <iframe title="PDF预览" src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
    </BossModal>
  );
}
