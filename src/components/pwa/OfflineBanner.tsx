// A fixed banner at the top while the browser is offline. It reads navigator.onLine on its first
// render, so a page reloaded while offline (served by the service worker) shows it at once.
// While it shows, <html> carries the class `boss-offline`, for layouts that want to make room.
import { useEffect, useSyncExternalStore } from 'react';
import { MSG } from '@contract/messages';
import './pwa.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
const isOnlineOnServer = () => true;

export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, isOnlineOnServer);
  useEffect(() => {
    document.documentElement.classList.toggle('boss-offline', !online);
  }, [online]);
  if (online) return null;
  return (
    <div className="boss-offline-banner" role="status" aria-live="polite" data-testid="offline-banner">
      {MSG.offline}
    </div>
  );
}
