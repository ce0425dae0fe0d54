// Root of the client: error boundary, router, UI kit of the device, public routes, signed-in part.
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AuthGate } from './router/AuthGate';
import { KitProvider } from './KitProvider';
import { PUBLIC_REDIRECTS, PublicPage, publicPage } from './router/publicPages';
import { decideGuard } from './router/guard';
import { session } from '@/stores/session';
import { useSnapshot } from 'valtio';
import { Pwa } from './Pwa';

function PublicOrGate() {
  const location = useLocation();
  const snap = useSnapshot(session);
  const redirect = PUBLIC_REDIRECTS[location.pathname.replace(/\/$/, '')];
  if (redirect) return <Navigate to={redirect + location.search} replace />;
  const page = publicPage(location.pathname);
  if (page) {
    const d = decideGuard({ path: location.pathname, fullPath: location.pathname + location.search, hasToken: !!snap.token, permissionsLoaded: snap.permissionsLoaded });
    if (d.kind === 'redirect') return <Navigate to={d.to} replace />;
    return <PublicPage page={page} />;
  }
  return <AuthGate />;
}

export function App() {
  return (
    <BrowserRouter>
      <KitProvider>
        <Pwa>
          <Routes>
            <Route path="*" element={<PublicOrGate />} />
          </Routes>
        </Pwa>
      </KitProvider>
    </BrowserRouter>
  );
}
