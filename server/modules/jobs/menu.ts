// Menus and buttons of the jobs module (see server/db/catalogue.ts): the 定时任务 page under the
// 系统管理 directory ('m-system', listed by the admin module). Granted to the administrator only.
import { JOB_PERMS } from '../../../contract/api/jobs';
import type { CatalogueEntry } from '../../db/catalogue';

export const JOBS_MENU: CatalogueEntry[] = [
  {
    id: 'm-system-job',
    parentId: 'm-system',
    name: '定时任务',
    path: '/system/quartzJob',
    component: 'jobs/JobList',
    componentName: 'QuartzJobList',
    icon: 'schedule',
    sortNo: 90,
    type: '1',
  },
  { id: 'b-job-list', parentId: 'm-system-job', name: '任务查询', perms: JOB_PERMS.list, sortNo: 1, type: '2' },
  { id: 'b-job-add', parentId: 'm-system-job', name: '新增任务', perms: JOB_PERMS.add, sortNo: 2, type: '2' },
  { id: 'b-job-edit', parentId: 'm-system-job', name: '编辑任务', perms: JOB_PERMS.edit, sortNo: 3, type: '2' },
  { id: 'b-job-delete', parentId: 'm-system-job', name: '删除任务', perms: JOB_PERMS.delete, sortNo: 4, type: '2' },
  { id: 'b-job-pause', parentId: 'm-system-job', name: '暂停任务', perms: JOB_PERMS.pause, sortNo: 5, type: '2' },
  { id: 'b-job-resume', parentId: 'm-system-job', name: '恢复任务', perms: JOB_PERMS.resume, sortNo: 6, type: '2' },
  { id: 'b-job-execute', parentId: 'm-system-job', name: '立即执行', perms: JOB_PERMS.execute, sortNo: 7, type: '2' },
];
