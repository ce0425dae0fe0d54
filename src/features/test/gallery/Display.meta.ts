// The display helpers of spec §1 and §9, one gallery page each (exports of Display.gallery.tsx).
import type { GalleryMeta } from './registry';

export const metas: GalleryMeta[] = [
  { key: 'switch', block: 'SwitchBlock', title: '开关', caption: '是/否开关，值为 Y 或 N。', order: 60 },
  { key: 'ellipsis', block: 'EllipsisBlock', title: '长文字省略', caption: '长文字和文件名的省略显示，悬停看全文。', order: 61 },
  { key: 'number-date', block: 'NumberDateBlock', title: '数字与日期格式', caption: '金额千分位和日期时间格式，列表与表单共用。', order: 62 },
];
