// Signed-in part of the app: runs the guard of spec §2, loads permissions once, builds routes from
// the menu and hands the current route to the phone or desktop layout.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '@contract/constants';
import type { MenuItem } from '@contract/types';
import { session } from '@/stores/session';
import { loadPermissions, logout } from '@/api/session';
import { useIsMobile } from '@/hooks/useDevice';
import { afterLoginTarget, decideGuard, loginRedirect } from './guard';
import { buildRoutes, matchRoute, type MenuRoute } from './routes';
import { PageLoading } from './PageHost';

export interface LayoutProps {
  menu: MenuItem[];
  routes: MenuRoute[];
  current: MenuRoute;
}

const DesktopLayout = lazy(() => import('../layouts/DesktopLayout'));
const MobileLayout = lazy(() => import('../layouts/MobileLayout'));

const HOME_ROUTE: MenuRoute = { path: HOME_PATH, name: 'home', title: '首页', component: 'home/Home', keepAlive: false, trail: [{ title: '首页', path: HOME_PATH }] };

export function AuthGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const mobile = useIsMobile();
  const [loadError, setLoadError] = useState(false);
  const fullPath = location.pathname + location.search;
  const decision = decideGuard({ path: location.pathname, fullPath, hasToken: !!snap.token, permissionsLoaded: snap.permissionsLoaded });

  useEffect(() => {
    if (decision.kind !== 'load-permissions') return;
    let cancelled = false;
    loadPermissions()
      .then(() => {
        if (cancelled) return;
        const target = afterLoginTarget(location.search, fullPath);
        if (target !== fullPath) navigate(target, { replace: true });
      })
      .catch(async () => {
        if (cancelled) return;
        await logout();
        setLoadError(true);
        navigate(loginRedirect(fullPath), { replace: true });
      });
    return () => {
      cancelled = true;
    };
    // Load once per token; the location at the time decides where to go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decision.kind, snap.token]);

  const routes = useMemo(() => {
    const built = buildRoutes(snap.menu as MenuItem[], snap.token);
    return built.some((r) => r.path === HOME_PATH) ? built : [HOME_ROUTE, ...built];
  }, [snap.menu, snap.token]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load-permissions' || loadError) return <PageLoading />;
  if (location.pathname === '/') return <Navigate to={HOME_PATH} replace />;
  const current = matchRoute(location.pathname, routes);
  if (!current) return <Navigate to="/404" replace />;
  const Layout = mobile ? MobileLayout : DesktopLayout;
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout menu={snap.menu as MenuItem[]} routes={routes} current={current} />
    </Suspense>
  );
}
