// Menus and buttons of the message module (see server/db/catalogue.ts): the 消息中心 directory with
// the announcement admin page and every user's announcement list.
import { ANNOUNCEMENT_LIST_PATH } from '../../../contract/constants';
import { ANNT_PERMS } from '../../../contract/api/message';
import type { CatalogueEntry } from '../../db/catalogue';

export const MESSAGE_MENU: CatalogueEntry[] = [
  {
    id: 'm-message',
    name: '消息中心',
    path: '/message',
    component: 'layouts/RouteView',
    redirect: ANNOUNCEMENT_LIST_PATH,
    icon: 'notification',
    sortNo: 30,
    type: '0',
    grant: ['operator', 'approver', 'customer'],
  },
  {
    id: 'm-message-annt',
    parentId: 'm-message',
    name: '通知公告',
    path: '/system/announcement',
    component: 'message/AnnouncementList',
    componentName: 'AnnouncementList',
    icon: 'notification',
    sortNo: 1,
    type: '1',
  },
  {
    id: 'm-message-mine',
    parentId: 'm-message',
    name: '我的消息',
    path: ANNOUNCEMENT_LIST_PATH,
    component: 'message/UserAnnouncement',
    componentName: 'UserAnnouncement',
    icon: 'mail',
    sortNo: 2,
    type: '1',
    grant: ['operator', 'approver', 'customer'],
  },
  { id: 'b-annt-list', parentId: 'm-message-annt', name: '公告查询', perms: ANNT_PERMS.list, sortNo: 1, type: '2' },
  { id: 'b-annt-add', parentId: 'm-message-annt', name: '新增公告', perms: ANNT_PERMS.add, sortNo: 2, type: '2' },
  { id: 'b-annt-edit', parentId: 'm-message-annt', name: '编辑公告', perms: ANNT_PERMS.edit, sortNo: 3, type: '2' },
  { id: 'b-annt-delete', parentId: 'm-message-annt', name: '删除公告', perms: ANNT_PERMS.remove, sortNo: 4, type: '2' },
  { id: 'b-annt-release', parentId: 'm-message-annt', name: '发布公告', perms: ANNT_PERMS.release, sortNo: 5, type: '2' },
  { id: 'b-annt-revoke', parentId: 'm-message-annt', name: '撤销公告', perms: ANNT_PERMS.revoke, sortNo: 6, type: '2' },
];
