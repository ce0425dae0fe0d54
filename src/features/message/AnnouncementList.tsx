// /system/announcement (page key 'message/AnnouncementList'): announcement administration as list
// kit configuration. Drafts can be edited and released; released ones revoked; any deleted. 查看
// opens the same detail the recipients see.
import { lazy, Suspense, useMemo, useState } from 'react';
import { PRIORITY_COLORS } from '@contract/constants';
import { MP, MSG_CATEGORY_TEXT, MSG_TYPE_TEXT, PRIORITY_TEXT, SEND_STATUS_TEXT, type SendStatus } from '@contract/api/message';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListOption } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';
import { releaseAnnouncement, revokeAnnouncement } from './api';
import { PRIORITY_HEX } from '@/components/notify/priority';
import type { AnntRow } from './announcementForm';

const DetailDesktop = lazy(() => import('@/components/notify/NoticeDetailDialog'));
const DetailMobile = lazy(() => import('@/components/notify/NoticeDetail.mobile'));

const opts = (m: Record<string, string>): ListOption[] => Object.entries(m).map(([value, label]) => ({ value, label }));
const STATUS_COLOR: Record<SendStatus, string> = { '0': 'default', '1': 'green', '2': 'red' };
// Phone tag colours dark enough for text on white (WCAG AA 4.5:1).
const STATUS_HEX: Record<SendStatus, string> = { '0': '#6b6b6b', '1': '#237804', '2': '#cf1322' };

/** A success toast in the device's kit, loaded on use so a phone never fetches antd. */
async function toast(text: string, mobile: boolean) {
  if (mobile) (await import('antd-mobile')).Toast.show({ content: text });
  else void (await import('antd')).message.success(text);
}

export default function AnnouncementList() {
  const mobile = useIsMobile();
  const [viewId, setViewId] = useState<string | null>(null);

  const config = useMemo<ListKitConfig<AnntRow>>(
    () => ({
      pageKey: 'message/AnnouncementList',
      title: '通知公告',
      url: { list: MP.list, delete: MP.remove, deleteBatch: MP.removeBatch },
      permissionPrefix: 'system:announcement:',
      toolbar: ['add', 'batch_delete', 'superQuery'],
      columns: [
        { dataIndex: 'titile', title: '标题', sorter: true, ellipsis: true, width: 240, align: 'left' },
        { dataIndex: 'msgCategory', title: '消息类型', width: 96, options: opts(MSG_CATEGORY_TEXT) },
        {
          dataIndex: 'priority',
          title: '优先级',
          width: 90,
          type: 'tag',
          tag: (r) => ({ text: PRIORITY_TEXT[r.priority], color: mobile ? PRIORITY_HEX[r.priority] : PRIORITY_COLORS[r.priority] }),
        },
        { dataIndex: 'msgType', title: '接收对象', width: 100, options: opts(MSG_TYPE_TEXT) },
        { dataIndex: 'sender', title: '发布人', width: 110 },
        {
          dataIndex: 'sendStatus',
          title: '发布状态',
          width: 100,
          type: 'tag',
          tag: (r) => ({ text: SEND_STATUS_TEXT[r.sendStatus], color: mobile ? STATUS_HEX[r.sendStatus] : STATUS_COLOR[r.sendStatus] }),
        },
        { dataIndex: 'sendTime', title: '发布时间', width: 170, sorter: true, type: 'datetime' },
        { dataIndex: 'createTime', title: '创建时间', width: 170, sorter: true, type: 'datetime' },
      ],
      query: [
        { field: 'titile', label: '标题', type: 'input', rule: 'like' },
        { field: 'msgCategory', label: '消息类型', type: 'select', options: opts(MSG_CATEGORY_TEXT) },
        { field: 'sendStatus', label: '发布状态', type: 'select', options: opts(SEND_STATUS_TEXT) },
        { field: 'priority', label: '优先级', type: 'select', options: opts(PRIORITY_TEXT) },
      ],
      superQuery: [
        { field: 'titile', label: '标题', type: 'string' },
        { field: 'sender', label: '发布人', type: 'string' },
        { field: 'priority', label: '优先级', type: 'dict', options: opts(PRIORITY_TEXT) },
        { field: 'msgCategory', label: '消息类型', type: 'dict', options: opts(MSG_CATEGORY_TEXT) },
        { field: 'sendStatus', label: '发布状态', type: 'dict', options: opts(SEND_STATUS_TEXT) },
        { field: 'createTime', label: '创建时间', type: 'datetime' },
      ],
      editAction: false,
      inlineActions: 2,
      rowActions: [
        { key: 'view', text: '查看', onClick: (r) => setViewId(r.id) },
        { key: 'edit', text: '编辑', permission: 'edit', visible: (r) => r.sendStatus === '0', onClick: (r, kit) => kit.openEditor(r) },
        {
          key: 'release',
          text: '发布',
          permission: 'release',
          visible: (r) => r.sendStatus === '0',
          confirm: (r) => `确定发布“${r.titile}”吗？发布后不能再编辑。`,
          onClick: async (r, kit) => {
            const res = await releaseAnnouncement(r.id);
            void toast(`${res.message}，已发送给 ${res.result.recipients} 人`, mobile);
            await kit.reload();
          },
        },
        {
          key: 'revoke',
          text: '撤销',
          permission: 'revoke',
          visible: (r) => r.sendStatus === '1',
          confirm: '确定撤销吗？撤销后接收人将看不到这条公告。',
          onClick: async (r, kit) => {
            const res = await revokeAnnouncement(r.id);
            void toast(res.message, mobile);
            await kit.reload();
          },
        },
      ],
      editor: { desktop: () => import('./AnnouncementForm.desktop'), mobile: () => import('./AnnouncementForm.mobile') },
      mobile: { title: 'titile', subtitle: 'sender', fields: ['msgCategory', 'priority', 'msgType', 'sendTime'], status: 'sendStatus', searchField: 'titile' },
      scrollX: 1100,
    }),
    [mobile],
  );

  return (
    <>
      <ListKit config={config} />
      {viewId && (
        <Suspense fallback={null}>
          {mobile ? <DetailMobile id={viewId} onClose={() => setViewId(null)} /> : <DetailDesktop id={viewId} onClose={() => setViewId(null)} />}
        </Suspense>
      )}
    </>
  );
}
