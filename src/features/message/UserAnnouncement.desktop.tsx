// Desktop view of /isps/userAnnouncement: a paged table of the user's announcements with title
// search, category and read filters, 全部已读, and the notification detail dialog.
import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Card, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS_LIST } from '@contract/constants';
import { MSG_CATEGORY_TEXT, type UserAnnouncement } from '@contract/api/message';
import NoticeDetailDialog from '@/components/notify/NoticeDetailDialog';
import { fetchMySends, readAll, type MySendsParams } from '@/components/notify/api';
import { formatTime, priorityColor, priorityText } from '@/components/notify/priority';
import { notices, reloadNotices, unreadCount } from '@/components/notify/store';

type Filters = Pick<MySendsParams, 'readFlag' | 'msgCategory' | 'titile'>;

export default function UserAnnouncementDesktop() {
  const { message } = App.useApp();
  const snap = useSnapshot(notices);
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<Filters>({ readFlag: '', msgCategory: '', titile: '' });
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: PAGE_SIZE_DEFAULT });
  const [data, setData] = useState<{ rows: UserAnnouncement[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [titleInput, setTitleInput] = useState('');
  const openId = params.get('id');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await fetchMySends({ ...paging, ...filters });
      setData({ rows: r.records, total: r.total });
    } catch {
      /* the request layer already said why */
    } finally {
      setLoading(false);
    }
  }, [paging, filters]);

  useEffect(() => {
    void load();
  }, [load, snap.version]);

  const setFilter = (f: Partial<Filters>) => {
    setFilters((x) => ({ ...x, ...f }));
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next, { replace: !id });
  };
  const markAll = async () => {
    const r = await readAll();
    void message.success(r.message || '全部已读');
    await reloadNotices();
  };

  const columns: ColumnsType<UserAnnouncement> = [
    {
      title: '标题',
      dataIndex: 'titile',
      ellipsis: true,
      render: (t: string, r) => (
        <Space size={6}>
          {r.readFlag === 0 && <Badge status="processing" />}
          <Typography.Link onClick={() => open(r.id)} strong={r.readFlag === 0}>
            {t}
          </Typography.Link>
        </Space>
      ),
    },
    { title: '消息类型', dataIndex: 'msgCategory', width: 110, render: (c: UserAnnouncement['msgCategory']) => MSG_CATEGORY_TEXT[c] },
    { title: '优先级', dataIndex: 'priority', width: 90, render: (p: UserAnnouncement['priority']) => <Tag color={priorityColor(p)}>{priorityText(p)}</Tag> },
    { title: '发布人', dataIndex: 'sender', width: 120 },
    { title: '发布时间', dataIndex: 'sendTime', width: 170, render: (t: string | null) => formatTime(t) },
    {
      title: '阅读状态',
      dataIndex: 'readFlag',
      width: 100,
      render: (f: number) => (f === 1 ? <Badge status="default" text="已读" /> : <Badge status="error" text="未读" />),
    },
    { title: '操作', key: 'op', width: 80, render: (_, r) => <Typography.Link onClick={() => open(r.id)}>查看</Typography.Link> },
  ];

  return (
    <Card variant="borderless">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 16 }}>
        <Segmented
          value={filters.readFlag ?? ''}
          onChange={(v) => setFilter({ readFlag: v as Filters['readFlag'] })}
          options={[
            { label: '全部', value: '' },
            { label: `未读${unreadCount(snap) ? `(${unreadCount(snap)})` : ''}`, value: '0' },
            { label: '已读', value: '1' },
          ]}
        />
        <Select
          aria-label="消息类型"
          style={{ width: 140 }}
          value={filters.msgCategory ?? ''}
          onChange={(v) => setFilter({ msgCategory: v })}
          options={[{ label: '全部类型', value: '' }, ...Object.entries(MSG_CATEGORY_TEXT).map(([value, label]) => ({ value, label }))]}
        />
        <Input.Search
          placeholder="请输入标题"
          allowClear
          style={{ width: 240 }}
          value={titleInput}
          onChange={(e) => setTitleInput(e.target.value)}
          onSearch={(v) => setFilter({ titile: v.trim() })}
        />
        <Button type="primary" style={{ marginLeft: 'auto' }} disabled={!unreadCount(snap)} onClick={() => void markAll()}>
          全部已读
        </Button>
      </div>
      <Table<UserAnnouncement>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.rows}
        onRow={(r) => ({ onDoubleClick: () => open(r.id) })}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: data.total,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS_LIST,
          showTotal: (n) => `共${n}条`,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
      {openId && <NoticeDetailDialog id={openId} onClose={() => open(null)} />}
    </Card>
  );
}
