import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'dialogs',
  title: '通用弹窗、输入提示框与图片预览',
  caption: '可切换全屏的通用弹窗（每次打开恢复初始大小）、确定前先校验规则的输入提示框、图片预览。',
  order: 50,
};
