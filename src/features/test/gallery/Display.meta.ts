import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'display',
  title: '开关与显示格式',
  caption: '是/否开关（Y/N）、长文字省略、金额千分位、日期时间格式，列表和表单共用。',
  order: 60,
};
