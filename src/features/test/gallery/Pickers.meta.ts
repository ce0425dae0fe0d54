// The pickers of spec §1, one gallery page each (the blocks are exports of Pickers.gallery.tsx).
import type { GalleryMeta } from './registry';

export const metas: GalleryMeta[] = [
  { key: 'picker-user', block: 'UserBlock', title: '用户选择', caption: '按部门选择用户：部门树、账号搜索、分页勾选，值为账号，显示姓名。', order: 20 },
  { key: 'picker-position', block: 'PositionBlock', title: '职务选择', caption: '从职务管理维护的职务中选择职务。', order: 21 },
  { key: 'picker-dict', block: 'DictBlock', title: '字典选择', caption: '从数据字典的启用项中选择。', order: 22 },
  { key: 'picker-tree', block: 'TreeSelectBlock', title: '树选择', caption: '从按表加载的树中逐级展开选择，带 condition 规则校验。', order: 23 },
  { key: 'picker-time', block: 'TimeBlock', title: '时间选择', caption: '选择时:分:秒。', order: 24 },
  { key: 'picker-tags', block: 'TagsBlock', title: '标签', caption: '输入文字成为标签，值为以分号连接的标签。', order: 25 },
  { key: 'picker-multi', block: 'MultiBlock', title: '多选', caption: '从固定选项中选多项，分隔符可配置。', order: 26 },
  { key: 'picker-area', block: 'AreaBlock', title: '地区选择', caption: '省、市、区三级选择，数据来自全国行政区划。', order: 27 },
  { key: 'picker-category', block: 'CategoryBlock', title: '分类选择', caption: '分类字典树，逐级加载。', order: 28 },
  { key: 'picker-role', block: 'RoleBlock', title: '角色选择', caption: '选择本租户的角色。', order: 29 },
  { key: 'picker-depart', block: 'DepartBlock', title: '部门选择', caption: '整棵部门树，可搜索、可多选。', order: 30 },
  { key: 'picker-entity', block: 'EntityBlock', title: '业务主体选择', caption: '查询并分页勾选业务主体，右侧列出已选项。', order: 31 },
  { key: 'picker-report', block: 'ReportBlock', title: '弹窗报表选择', caption: '从在线报表中查询并选择记录，翻页保留已选。', order: 32 },
];
