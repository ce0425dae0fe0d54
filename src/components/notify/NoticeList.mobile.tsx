// The user's announcements on a phone (消息 tab and /isps/userAnnouncement): cards with an unread
// dot and priority tag, 全部 / 未读 / 已读 tabs, pull to refresh, infinite scroll, 全部已读, and
// the detail sheet on tap. Pushes from the socket refresh the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, CapsuleTabs, ErrorBlock, InfiniteScroll, PullToRefresh, Tag, Toast } from 'antd-mobile';
import { useSnapshot } from 'valtio';
import type { UserAnnouncement } from '@contract/api/message';
import { fetchMySends, readAll } from './api';
import NoticeDetailMobile from './NoticeDetail.mobile';
import { formatTime, PRIORITY_HEX, priorityText } from './priority';
import { notices, reloadNotices, unreadCount } from './store';

const PAGE_SIZE = 10;
type Filter = '' | '0' | '1';

export default function NoticeListMobile({ initialId }: { initialId?: string | null }) {
  const snap = useSnapshot(notices);
  const [filter, setFilter] = useState<Filter>('');
  const [rows, setRows] = useState<UserAnnouncement[]>([]);
  // No infinite-scroll call until the first page is in (it would fetch page 1 twice).
  const [hasMore, setHasMore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [openId, setOpenId] = useState<string | null>(initialId ?? null);
  const page = useRef(0);
  const generation = useRef(0);

  const load = useCallback(
    async (reset: boolean) => {
      const gen = reset ? ++generation.current : generation.current;
      if (reset) setHasMore(false);
      const pageNo = reset ? 1 : page.current + 1;
      const res = await fetchMySends({ pageNo, pageSize: PAGE_SIZE, readFlag: filter });
      if (gen !== generation.current) return;
      page.current = pageNo;
      setRows((prev) => (reset ? res.records : [...prev, ...res.records]));
      setHasMore(pageNo * PAGE_SIZE < res.total);
      setLoaded(true);
    },
    [filter],
  );

  // First page on mount and on filter change; again whenever a push reloads the shared lists.
  useEffect(() => {
    void load(true).catch(() => setLoaded(true));
  }, [load, snap.version]);
  useEffect(() => {
    if (!notices.loaded) void reloadNotices();
  }, []);
  useEffect(() => {
    if (initialId) setOpenId(initialId);
  }, [initialId]);

  const markAll = async () => {
    await readAll();
    Toast.show({ content: '全部已读' });
    await reloadNotices();
  };

  return (
    <div style={{ minHeight: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', background: '#fff', paddingRight: 12, position: 'sticky', top: 0, zIndex: 1 }}>
        <CapsuleTabs activeKey={filter} onChange={(k) => setFilter(k as Filter)} style={{ flex: 1 }}>
          <CapsuleTabs.Tab title="全部" key="" />
          <CapsuleTabs.Tab title={`未读${unreadCount(snap) ? `(${unreadCount(snap)})` : ''}`} key="0" />
          <CapsuleTabs.Tab title="已读" key="1" />
        </CapsuleTabs>
        <Button size="mini" fill="none" color="primary" disabled={!unreadCount(snap)} onClick={() => void markAll()}>
          全部已读
        </Button>
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await reloadNotices();
          await load(true);
        }}
      >
        <div style={{ padding: '8px 12px', display: 'flex', flexDirection: 'column', gap: 10 }}>
          {rows.map((n) => (
            <div
              key={n.id}
              role="button"
              tabIndex={0}
              onClick={() => setOpenId(n.id)}
              style={{ background: '#fff', borderRadius: 8, padding: '12px 14px', boxShadow: '0 1px 2px rgba(0,0,0,0.04)' }}
            >
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                {n.readFlag === 0 && <Badge content={Badge.dot} style={{ flex: 'none' }} aria-label="未读" />}
                <span
                  style={{
                    flex: 1,
                    minWidth: 0,
                    fontSize: 15,
                    fontWeight: n.readFlag === 0 ? 600 : 400,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {n.titile}
                </span>
                <Tag color={PRIORITY_HEX[n.priority]} fill="outline" style={{ flex: 'none' }}>
                  {priorityText(n.priority)}
                </Tag>
              </div>
              {n.msgAbstract && (
                <div
                  style={{
                    color: '#666',
                    fontSize: 13,
                    marginTop: 6,
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {n.msgAbstract}
                </div>
              )}
              <div style={{ color: 'var(--boss-color-weak)', fontSize: 12, marginTop: 6, display: 'flex', justifyContent: 'space-between' }}>
                <span>{n.sender}</span>
                <span>{formatTime(n.sendTime)}</span>
              </div>
            </div>
          ))}
          {!rows.length && loaded && <ErrorBlock status="empty" title="暂无消息" description="系统通知和公告会显示在这里" />}
        </div>
        <InfiniteScroll loadMore={() => load(false)} hasMore={hasMore}>
          {hasMore ? '加载中…' : rows.length > PAGE_SIZE ? '没有更多了' : ''}
        </InfiniteScroll>
      </PullToRefresh>
      <NoticeDetailMobile id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
