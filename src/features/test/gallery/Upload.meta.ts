import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'upload',
  title: '图片与文件上传',
  caption: '上传附件或图片到对象存储：显示真实上传进度、成功与失败，图片可预览、前后移动，手机上可直接拍照。',
  order: 40,
};
