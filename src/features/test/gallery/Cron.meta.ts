import type { GalleryMeta } from './registry';

export const meta: GalleryMeta = {
  key: 'cron',
  title: 'Cron 表达式',
  caption: '定时任务的执行周期：按秒、分、时、日、月、周、年逐项选择，生成并校验 Cron 表达式。',
  order: 90,
};
