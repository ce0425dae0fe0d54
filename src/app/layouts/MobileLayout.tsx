// Phone shell (≤ 767.99px, antd-mobile): nav bar with the page title, the page, a bottom tab bar.
//
// URL scheme of the tabs. The four tabs live on the home route so that every one has a deep link
// and the browser (or Android) back button walks back through them:
//   /Home              首页 (the home page of the menu)
//   /Home?tab=apps     应用 (the user's menu as a grid, grouped by top-level menu)
//   /Home?tab=messages 消息
//   /Home?tab=me       我的 (profile, password, system switch, about, logout)
//   /Home?tab=me&panel=password   the change-login-password sheet over 我的
// Tab changes push history entries. Any other menu page shows under 应用 with a back arrow.
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NavBar, SafeArea, TabBar } from 'antd-mobile';
import { AppOutline, AppstoreOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { useSnapshot } from 'valtio';
import { HOME_PATH, SYSTEM_NAME } from '@contract/constants';
import { session } from '@/stores/session';
import type { LayoutProps } from '../router/AuthGate';
import { PageHost } from '../router/PageHost';
import { AppsPanel } from './mobile/AppsPanel';
import { MessagesPanel } from './mobile/MessagesPanel';
import { MePanel } from './mobile/MePanel';
import { MOBILE_TABS, tabHref, tabOf, type MobileTab } from './mobile/tabs';

const TAB_ICONS: Record<MobileTab, ReactNode> = {
  home: <AppOutline />,
  apps: <AppstoreOutline />,
  messages: <MessageOutline />,
  me: <UserOutline />,
};

export default function MobileLayout({ menu, routes, current }: LayoutProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const onHome = current.path.toLowerCase() === HOME_PATH.toLowerCase();
  const tab: MobileTab = onHome ? tabOf(location.search) : 'apps';
  const sysName = snap.userInfo?.sys?.sysName || snap.sysInfo?.sysName || SYSTEM_NAME;
  const title = onHome ? (tab === 'home' ? sysName : MOBILE_TABS.find((t) => t.key === tab)!.title) : current.title;

  useEffect(() => {
    document.title = onHome && tab === 'home' ? sysName : `${title} · ${sysName}`;
  }, [onHome, tab, title, sysName]);

  const back = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate(tabHref('apps'), { replace: true }));

  return (
    <div style={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', background: '#f5f6f8' }}>
      <header style={{ flex: 'none', background: '#fff', paddingTop: 'env(safe-area-inset-top)', borderBottom: '1px solid #eee' }}>
        <NavBar back={onHome ? null : ''} onBack={back} style={{ ['--height' as string]: '48px', fontWeight: 600 }}>
          {title}
        </NavBar>
      </header>
      <main key={onHome ? tab : current.path} style={{ flex: 1, overflowY: 'auto', WebkitOverflowScrolling: 'touch', overscrollBehavior: 'contain' }}>
        {onHome && tab === 'apps' ? (
          <AppsPanel menu={menu} routes={routes} />
        ) : onHome && tab === 'messages' ? (
          <MessagesPanel />
        ) : onHome && tab === 'me' ? (
          <MePanel />
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
          {MOBILE_TABS.map((t) => (
            <TabBar.Item key={t.key} icon={TAB_ICONS[t.key]} title={t.title} />
          ))}
        </TabBar>
        <SafeArea position="bottom" />
      </footer>
    </div>
  );
}
