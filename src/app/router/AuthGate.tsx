// Signed-in part of the app: runs the guard of spec §2, loads permissions once, builds routes from
// the menu and hands the current route to the phone or desktop layout. A reload does not wait for the
// permission load: the shell and the page draw at once from the menu kept from the last load, and
// take the fresh one when it comes (the server checks every call whatever the menu shows; a route
// the kept menu lacks waits for the fresh menu). A load that gets no answer (offline) keeps the
// session and the kept menu until a retry succeeds.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '@contract/constants';
import type { MenuItem } from '@contract/types';
import { session } from '@/stores/session';
import { loadPermissions, logout } from '@/api/session';
import { sessionEnding } from '@/api/request';
import { isUnreachable } from '@/api/errors';
import { useIsMobile } from '@/hooks/useDevice';
import { afterLoginTarget, decideGuard, loginRedirect } from './guard';
import { buildRoutes, matchRoute, type MenuRoute } from './routes';
import { PageLoading } from './PageHost';
import { pageRegistry } from './pageRegistry';

export interface LayoutProps {
  menu: MenuItem[];
  routes: MenuRoute[];
  current: MenuRoute;
}

const DesktopLayout = lazy(() => import('../layouts/DesktopLayout'));
const MobileLayout = lazy(() => import('../layouts/MobileLayout'));

const HOME_ROUTE: MenuRoute = {
  path: HOME_PATH,
  name: 'home',
  title: '首页',
  component: 'home/Home',
  keepAlive: false,
  trail: [{ title: '首页', path: HOME_PATH }],
};

/** While the permission load cannot reach the server, it is tried again this often (and when the browser is back online). */
const UNREACHABLE_RETRY_MS = 15_000;

export function AuthGate() {
  const location = useLocation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const mobile = useIsMobile();
  const [loadError, setLoadError] = useState(false);
  // The permission load got no answer (offline): the session stays and the kept menu is shown.
  const [unreachable, setUnreachable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const fullPath = location.pathname + location.search;
  const decision = decideGuard({ path: location.pathname, fullPath, hasToken: !!snap.token, permissionsLoaded: snap.permissionsLoaded });

  useEffect(() => {
    if (decision.kind !== 'load-permissions') return;
    let cancelled = false;
    loadPermissions()
      .then(() => {
        if (cancelled) return;
        setUnreachable(false);
        const target = afterLoginTarget(location.search, fullPath);
        if (target !== fullPath) navigate(target, { replace: true });
      })
      .catch(async (error: unknown) => {
        // The server said the session is dead: the API layer ends it (modal, sign-out, one navigation).
        if (cancelled || sessionEnding()) return;
        // No answer is not a failed load: keep the session, show the kept menu, try again later.
        if (isUnreachable(error)) {
          setUnreachable(true);
          return;
        }
        await logout();
        setLoadError(true);
        navigate(loginRedirect(fullPath), { replace: true });
      });
    return () => {
      cancelled = true;
    };
    // Load once per token (and per retry); the location at the time decides where to go.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decision.kind, snap.token, attempt]);

  useEffect(() => {
    if (!unreachable) return;
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    const timer = window.setInterval(() => navigator.onLine && retry(), UNREACHABLE_RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [unreachable]);

  const routes = useMemo(() => {
    const built = buildRoutes(snap.menu as MenuItem[], snap.token);
    return built.some((r) => r.path === HOME_PATH) ? built : [HOME_ROUTE, ...built];
  }, [snap.menu, snap.token]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const loading = decision.kind === 'load-permissions';
  const showKeptMenu = loading && snap.menu.length > 0;
  if ((loading && !showKeptMenu) || loadError) return <PageLoading />;
  if (location.pathname === '/') return <Navigate to={HOME_PATH} replace />;
  const current = matchRoute(location.pathname, routes);
  if (!current) return loading && !unreachable ? <PageLoading /> : <Navigate to="/404" replace />;
  const Layout = mobile ? MobileLayout : DesktopLayout;
  // The page's code downloads beside the layout's, not after it (idempotent).
  void pageRegistry[current.component]?.preload?.().catch(() => {});
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout menu={snap.menu as MenuItem[]} routes={routes} current={current} />
    </Suspense>
  );
}
