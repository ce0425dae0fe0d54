import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'grid-sync',
  title: '表格实时协同',
  caption: '多人同时编辑同一张表格：他人的修改、新增、删除实时出现，同一单元格被同时修改时标记冲突，由本人选择保留哪一方。',
  order: 31,
};
