// Menu and buttons of 文件管理 (see server/db/catalogue.ts): the stored files of the tenant under
// 系统管理, granted to the administrator only.
import { OSS_FILE_PERMS } from '../../../contract/api/files';
import type { CatalogueEntry } from '../../db/catalogue';
import { SYSTEM_DIR_ID } from '../admin/menu';

export const FILES_MENU_ID = 'm-system-oss-file';

export const FILES_MENU: CatalogueEntry[] = [
  {
    id: FILES_MENU_ID,
    parentId: SYSTEM_DIR_ID,
    name: '文件管理',
    path: '/system/ossFile',
    component: 'files/FileList',
    componentName: 'OssFileList',
    icon: 'file',
    sortNo: 92,
    type: '1',
  },
  { id: 'b-oss-file-list', parentId: FILES_MENU_ID, name: '文件查询', perms: OSS_FILE_PERMS.list, sortNo: 1, type: '2' },
  { id: 'b-oss-file-download', parentId: FILES_MENU_ID, name: '下载文件', perms: OSS_FILE_PERMS.download, sortNo: 2, type: '2' },
  { id: 'b-oss-file-delete', parentId: FILES_MENU_ID, name: '删除文件', perms: OSS_FILE_PERMS.delete, sortNo: 3, type: '2' },
];
