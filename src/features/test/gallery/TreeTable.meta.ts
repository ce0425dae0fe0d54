import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'tree-table',
  title: '树形表格与右键菜单',
  caption: '按上级逐级展开的树形表格：展开时才加载下级；行上右键（手机长按）打开操作菜单。',
  order: 55,
};
