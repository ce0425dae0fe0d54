import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'grid',
  title: '可编辑表格',
  caption: '成批录入与修改明细行：各类单元格、字典与联动下拉、弹窗带值、合计与平均、排序分页、拖动排序、校验与冲突提示；手机上为卡片列表。',
  order: 10,
};
