// Phone shell (≤ 767.99px, antd-mobile): nav bar with the page title, the page, a bottom tab bar.
//
// URL scheme of the tabs. The four tabs live on the home route so that every one has a deep link
// and the browser (or Android) back button walks back through them:
//   /Home              首页 (the home page of the menu)
//   /Home?tab=approve  审批 (orders waiting for this user; only with pay:order:approve; badge = count)
//   /Home?tab=apps     应用 (the user's menu as a grid, grouped by top-level menu)
//   /Home?tab=messages 消息
//   /Home?tab=me       我的 (profile, password, system switch, about, logout)
//   /Home?tab=me&panel=password   the change-login-password sheet over 我的
// Tab changes push history entries. Any other menu page shows under 应用 with a back arrow.
import { claimPushSubscription } from '@/api/push';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SafeArea, TabBar } from 'antd-mobile';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useSnapshot } from 'valtio';
import { HOME_PATH, SYSTEM_NAME } from '@contract/constants';
import { session } from '@/stores/session';
import { useNotifySocket } from '@/components/notify/useNotifySocket';
import { pending } from '@/features/approve/pending';
import { badgeText, canApprove } from '@/features/approve/rules';
import type { LayoutProps } from '../router/AuthGate';
import { PageHost, PageLoading } from '../router/PageHost';
import { MOBILE_TABS, tabHref, tabOf, type MobileTab } from './mobile/tabs';

// The layout-level tabs load on first use, so the phone home pays only for the home page.
const AppsPanel = lazy(() => import('./mobile/AppsPanel'));
const MessagesPanel = lazy(() => import('./mobile/MessagesPanel'));
const MePanel = lazy(() => import('./mobile/MePanel'));
const ApprovePanel = lazy(() => import('@/features/approve/ApproveList.mobile'));
const ArrivalNotice = lazy(() => import('@/features/approve/ArrivalNotice.mobile'));

const TAB_ICONS: Record<MobileTab, ReactNode> = {
  home: <AppOutline />,
  approve: <CheckShieldOutline />,
  apps: <AppstoreOutline />,
  messages: <MessageOutline />,
  me: <UserOutline />,
};

export default function MobileLayout({ menu, routes, current }: LayoutProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const onHome = current.path.toLowerCase() === HOME_PATH.toLowerCase();
  const approver = canApprove(snap);
  const pendingCount = useSnapshot(pending).count;
  const asked = onHome ? tabOf(location.search) : current.path.startsWith('/approve/') && approver ? 'approve' : 'apps';
  const tab: MobileTab = asked === 'approve' && !approver ? 'home' : asked;
  const tabs = approver ? MOBILE_TABS : MOBILE_TABS.filter((t) => t.key !== 'approve');
  const unread = useNotifySocket(!!snap.token);
  const sysName = snap.userInfo?.sys?.sysName || snap.sysInfo?.sysName || SYSTEM_NAME;
  const title = onHome ? (tab === 'home' ? sysName : MOBILE_TABS.find((t) => t.key === tab)!.title) : current.title;

  useEffect(() => {
    document.title = onHome && tab === 'home' ? sysName : `${title} · ${sysName}`;
  }, [onHome, tab, title, sysName]);

  // A phone that already receives pushes now receives this user's (the endpoint follows who signs in).
  useEffect(() => {
    if (snap.token) void claimPushSubscription();
  }, [snap.token]);

  const back = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate(tabHref('apps'), { replace: true }));

  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        background: '#f5f6f8',
        // Landscape notches, and the enterprise-chat webviews that draw edge to edge.
        paddingLeft: 'env(safe-area-inset-left)',
        paddingRight: 'env(safe-area-inset-right)',
      }}
    >
      <header style={{ flex: 'none', background: '#fff', paddingTop: 'env(safe-area-inset-top)', borderBottom: '1px solid #eee' }}>
        {/* The page header: a named back button (antd-mobile's NavBar puts an unnamed role="button" that
            keyboards cannot reach on its left side) and the page title (not a heading: pages bring their own). */}
        <div className="boss-phone-bar">
          <div className="boss-phone-bar-side">
            {!onHome && (
              <button type="button" className="boss-phone-back" aria-label="返回" onClick={back}>
                <LeftOutline />
              </button>
            )}
          </div>
          <div className="boss-phone-bar-title">{title}</div>
          <div className="boss-phone-bar-side" />
        </div>
      </header>
      {/* Focusable so that keyboard users can scroll the page (the region scrolls, not the window). */}
      <main
        key={onHome ? tab : current.path}
        tabIndex={0}
        aria-label={title}
        style={{ flex: 1, overflowY: 'auto', WebkitOverflowScrolling: 'touch', overscrollBehavior: 'contain' }}
      >
        {onHome && tab !== 'home' ? (
          <Suspense fallback={<PageLoading />}>
            {tab === 'approve' ? (
              <ApprovePanel />
            ) : tab === 'apps' ? (
              <AppsPanel menu={menu} routes={routes} />
            ) : tab === 'messages' ? (
              <MessagesPanel />
            ) : (
              <MePanel />
            )}
          </Suspense>
        ) : (
          <PageHost route={current} />
        )}
      </main>
      <footer style={{ flex: 'none', background: '#fff', borderTop: '1px solid #eee' }}>
        <TabBar
          activeKey={tab}
          onChange={(key) => {
            if (!onHome || key !== tab) navigate(tabHref(key as MobileTab));
          }}
        >
          {tabs.map((t) => (
            <TabBar.Item
              key={t.key}
              icon={TAB_ICONS[t.key]}
              title={t.title}
              badge={t.key === 'messages' ? badgeText(unread) : t.key === 'approve' ? badgeText(pendingCount) : undefined}
            />
          ))}
        </TabBar>
        <SafeArea position="bottom" />
      </footer>
      {approver && (
        <Suspense fallback={null}>
          <ArrivalNotice enabled={!!snap.token} />
        </Suspense>
      )}
    </div>
  );
}
