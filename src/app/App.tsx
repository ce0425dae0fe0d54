// Root of the client: error boundary, router, UI kit of the device, public routes, signed-in part.
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AuthGate } from './router/AuthGate';
import { KitProvider } from './KitProvider';
import { PUBLIC_REDIRECTS, PublicPage, publicPage } from './router/publicPages';
import { decideGuard } from './router/guard';
import { session } from '@/stores/session';
import { useSnapshot } from 'valtio';
import { Pwa } from './Pwa';
import { setSessionEndHandler } from '@/api/request';
import { logout } from '@/api/session';
import { loginRedirect } from '@/lib/navigation';

// A session the server calls dead ends once: sign out (the token is gone before the page is), then
// one navigation to the sign-in page, which brings the user back here after signing in.
setSessionEndHandler(async () => {
  // Taken first: once the token is gone the guard itself moves to the sign-in page.
  const target = loginRedirect(window.location.pathname + window.location.search);
  await logout();
  window.location.replace(target);
});

function PublicOrGate() {
  const location = useLocation();
  const snap = useSnapshot(session);
  const redirect = PUBLIC_REDIRECTS[location.pathname.replace(/\/$/, '')];
  if (redirect) return <Navigate to={redirect + location.search} replace />;
  const page = publicPage(location.pathname);
  if (page) {
    const d = decideGuard({
      path: location.pathname,
      fullPath: location.pathname + location.search,
      hasToken: !!snap.token,
      permissionsLoaded: snap.permissionsLoaded,
    });
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
