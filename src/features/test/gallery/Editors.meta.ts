import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'editors',
  title: '富文本、Markdown 与代码编辑器',
  caption: '公告正文等富文本（输出经过安全过滤）、带插图对话框的 Markdown、支持 12 种语言的代码编辑器，打开时才加载。',
  order: 45,
};
