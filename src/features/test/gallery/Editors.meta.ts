// The editors of spec §1, one gallery page each (exports of Editors.gallery.tsx); each loads only when shown.
import type { GalleryMeta } from './registry';

export const metas: GalleryMeta[] = [
  { key: 'editor-rich-text', block: 'RichTextBlock', title: '富文本编辑器', caption: '公告正文等富文本，图片经上传插入，输出经过安全过滤。', order: 45 },
  { key: 'editor-markdown', block: 'MarkdownBlock', title: 'Markdown 编辑器', caption: '边写边预览，插图对话框可本地上传或引用网络图片。', order: 46 },
  { key: 'editor-code', block: 'CodeBlock', title: '代码编辑器', caption: '12 种语言高亮，缩进 2 个空格，高度 240 像素。', order: 47 },
];
