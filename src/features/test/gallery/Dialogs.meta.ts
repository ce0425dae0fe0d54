// The dialogs of spec §1, one gallery page each (exports of Dialogs.gallery.tsx).
import type { GalleryMeta } from './registry';

export const metas: GalleryMeta[] = [
  { key: 'modal', block: 'ModalBlock', title: '通用弹窗', caption: '可切换全屏的通用弹窗，每次打开恢复初始大小。', order: 50 },
  { key: 'prompt', block: 'PromptBlock', title: '输入提示框', caption: '输入一项内容的对话框，确定前先校验规则。', order: 51 },
  { key: 'image-preview', block: 'PreviewBlock', title: '图片预览', caption: '点击缩略图查看大图。', order: 52 },
  { key: 'depart-switch', block: 'DepartSwitchBlock', title: '切换部门', caption: '在所属的多个部门之间切换当前部门。', order: 53 },
  { key: 'import-excel', block: 'ImportExcelBlock', title: 'Excel 导入', caption: '列表的“导入”对话框：选择 Excel 文件上传，错误行可下载。', order: 54 },
];
