// The progress of one uploading file, announced the same way in both views (role progressbar with
// the percent), around the view's own bar.
import type { ReactNode } from 'react';
import type { UploadItem } from './uploadRules';

export function UploadMeter({ item, children }: { item: UploadItem; children: ReactNode }) {
  return (
    <span
      role="progressbar"
      aria-valuenow={item.percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={`${item.name} 上传进度`}
      className="boss-upload-meter"
    >
      {children}
    </span>
  );
}
