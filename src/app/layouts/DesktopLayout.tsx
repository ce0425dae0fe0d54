// The desktop shell (spec §2): side or top menu, header, multi-tab bar, breadcrumb, page content
// with keep-alive, footer and the display-settings drawer. Parts live in ./desktop/.
import { useEffect, useState } from 'react';
import { Layout } from 'antd';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SIDE_MENU_COLLAPSED_WIDTH, SIDE_MENU_OPEN_WIDTH, SIDE_MENU_WIDTH, SYSTEM_NAME } from '@contract/constants';
import { documentTitle } from '@/lib/tabs';
import { session } from '@/stores/session';
import { settings, toggleSidebar } from '@/stores/settings';
import { tabActions } from '@/stores/tabs';
import { loadSystemInfo } from '@/api/session';
import { useIsNarrow } from '@/hooks/useDevice';
import type { LayoutProps } from '../router/AuthGate';
import { PageHost } from '../router/PageHost';
import { Crumbs } from './desktop/Crumbs';
import { Footer } from './desktop/Footer';
import { HeaderBar } from './desktop/HeaderBar';
import { Logo } from './desktop/Logo';
import { NavMenu } from './desktop/NavMenu';
import { SettingsDrawer } from './desktop/SettingsDrawer';
import { TabBar } from './desktop/TabBar';
import { TabPanes } from './desktop/TabPanes';
import { useHeaderHidden } from './desktop/useHeaderHidden';
import './desktop/desktop.css';

export default function DesktopLayout({ menu, routes, current }: LayoutProps) {
  const s = useSnapshot(settings);
  const { sysInfo } = useSnapshot(session);
  const location = useLocation();
  const here = location.pathname + location.search;
  const narrow = useIsNarrow();
  // At most 1087.99px the side menu collapses; opened there, it lies over the page until used.
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headerHidden = useHeaderHidden(s.fixedHeader && s.autoHideHeader);
  const top = s.layout === 'topmenu';
  const collapsed = narrow ? !narrowOpen : !s.sidebarOpen;
  const overlay = narrow && narrowOpen;

  useEffect(() => setNarrowOpen(false), [narrow, here]);

  // Branding and the optional features (help link, password entries) come with the system info,
  // normally fetched by the login page; a deep link straight into the app fetches it here.
  useEffect(() => {
    if (!session.sysInfo) void loadSystemInfo();
  }, []);

  // Every visited route gets its tab; with multi-tab off the tabs are dropped, so turning it on
  // again starts over and the content remounts (spec §4).
  useEffect(() => {
    if (!s.multipage) {
      tabActions.reset();
      return;
    }
    tabActions.open({ fullPath: here, path: location.pathname, title: current.title, keepAlive: current.keepAlive, componentName: current.componentName });
  }, [s.multipage, here, location.pathname, current]);

  useEffect(() => {
    document.title = documentTitle(current.title, location.pathname, sysInfo?.sysName || SYSTEM_NAME);
  }, [current.title, location.pathname, sysInfo?.sysName]);

  const header = (
    <Layout.Header
      className={`boss-header${s.fixedHeader ? ' boss-header-fixed' : ''}${headerHidden ? ' boss-header-hidden' : ''}${top ? ` boss-header-top boss-header-${s.navTheme}` : ''}`}
    >
      <HeaderBar
        routes={routes}
        collapsed={collapsed}
        onToggle={top ? undefined : () => (narrow ? setNarrowOpen(!narrowOpen) : toggleSidebar())}
        left={
          top ? (
            <div className="boss-topnav">
              <Logo theme={s.navTheme} />
              <NavMenu menu={menu} current={current} mode="horizontal" theme={s.navTheme} />
            </div>
          ) : undefined
        }
        onOpenSettings={() => setDrawerOpen(true)}
      />
    </Layout.Header>
  );

  return (
    <Layout className={`boss-desktop boss-${s.layout}`} hasSider={!top}>
      {!top && overlay && <div className="boss-sider-placeholder" style={{ width: SIDE_MENU_COLLAPSED_WIDTH }} />}
      {!top && (
        <Layout.Sider
          className={`boss-sider${s.fixSiderbar || overlay ? ' boss-sider-fixed' : ''}${overlay ? ' boss-sider-overlay' : ''}`}
          theme={s.navTheme}
          width={narrow ? SIDE_MENU_OPEN_WIDTH : SIDE_MENU_WIDTH}
          collapsedWidth={SIDE_MENU_COLLAPSED_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
        >
          <Logo collapsed={collapsed} theme={s.navTheme} />
          <NavMenu menu={menu} current={current} mode="inline" theme={s.navTheme} collapsed={collapsed} onNavigate={() => setNarrowOpen(false)} />
        </Layout.Sider>
      )}
      {overlay && <div className="boss-sider-mask" onClick={() => setNarrowOpen(false)} aria-hidden />}
      <Layout className="boss-main">
        {header}
        {s.multipage && (
          <div className="boss-tabs-wrap">
            <TabBar />
          </div>
        )}
        <Layout.Content className="boss-content">
          <div className={top && s.contentWidth === 'Fixed' ? 'boss-content-inner boss-content-fixed' : 'boss-content-inner'}>
            <Crumbs current={current} routes={routes} />
            <div key={s.multipage ? 'tabs' : 'single'} className="boss-page">
              {s.multipage ? <TabPanes current={current} routes={routes} /> : <PageHost key={here} route={current} />}
            </div>
          </div>
        </Layout.Content>
        <Layout.Footer className="boss-footer-wrap">
          <Footer />
        </Layout.Footer>
      </Layout>
      <SettingsDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </Layout>
  );
}
