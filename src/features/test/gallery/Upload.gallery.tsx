// Gallery: the upload field in its states — empty file list (at most 3), images that can be moved,
// single mode, filled, disabled and read-only — at the device's size. Uploads go to the real server.
import { useState } from 'react';
import { UploadField } from '@/components/upload/UploadField';
import type { UploadFieldProps } from '@/components/upload/useUpload';
import { GalleryState } from './GalleryState';

const SAMPLE_IMAGES = '/icons/icon-192.png,/favicon.svg';

function Field({ testId, initial, ...props }: UploadFieldProps & { testId: string; initial?: string }) {
  const [value, setValue] = useState(initial ?? '');
  return (
    <div data-testid={testId}>
      <UploadField {...props} value={value} onChange={setValue} />
      <p style={{ fontSize: 12, margin: '8px 0 0', wordBreak: 'break-all' }}>
        当前值：<code data-testid={`${testId}-value`}>{value || '（空）'}</code>
      </p>
    </div>
  );
}

export default function UploadGallery() {
  return (
    <>
      <GalleryState
        title="文件（空，最多 3 个）"
        caption="点击上传选择文件；超过 3 个时只保留最后 3 个。支持 pdf、Office、txt、csv、zip 与图片，单个不超过 10MB。"
      >
        <Field testId="upload-files" max={3} />
      </GalleryState>
      <GalleryState title="图片（可前后移动）" caption="只接受图片；上传完成后可预览，用 ← → 调整顺序。手机上可直接拍照。">
        <Field testId="upload-images" imageOnly initial={SAMPLE_IMAGES} />
      </GalleryState>
      <GalleryState title="单个（替换）" caption="单文件模式：新上传的文件替换原来的。">
        <Field testId="upload-single" single text="上传合同" />
      </GalleryState>
      <GalleryState title="禁用" caption="不能上传或删除。">
        <Field testId="upload-disabled" disabled imageOnly initial={SAMPLE_IMAGES} />
      </GalleryState>
      <GalleryState title="只读" caption="只展示已上传的图片，可预览。">
        <Field testId="upload-readonly" readOnly imageOnly initial="/icons/icon-192.png" />
      </GalleryState>
    </>
  );
}
