// PWA chrome around the app (components/pwa): the offline banner, the update prompt (which also
// registers the service worker) and the error boundary that knows chunk-load failures. Clicking a
// system notification opens its page here.
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '@/components/pwa/ErrorBoundary';
import { OfflineBanner } from '@/components/pwa/OfflineBanner';
import { UpdatePrompt } from '@/components/pwa/UpdatePrompt';
import { onOpenUrl } from '@/lib/sw';

export function Pwa({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => onOpenUrl((url) => navigate(url)), [navigate]);
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>
    </>
  );
}
