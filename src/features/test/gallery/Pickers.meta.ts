import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'pickers',
  title: '选择器',
  caption: '表单里选人、选职务、选字典项、选部门、选分类、选地区、选时间、打标签、选业务主体和从弹窗报表选记录的统一控件，电脑和手机各有适配的样式。',
  order: 20,
};
