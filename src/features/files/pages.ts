// Page modules of 文件管理, keyed as contract/pages/files.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { FILE_PAGES } from '@contract/pages/files';

export const filePages: Record<(typeof FILE_PAGES)[number], PageModule> = {
  'files/FileList': lazyPage(() => import('./FileList')),
};
