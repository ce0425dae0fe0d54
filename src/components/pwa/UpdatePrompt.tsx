// Registers the service worker and, when a new version waits, offers to switch to it. The user
// decides when: a page is never reloaded under someone's hands.
import { useEffect, useState } from 'react';
import { MSG } from '@contract/messages';
import { applyUpdate, onUpdateAvailable, registerServiceWorker } from '@/lib/sw';
import { useIsMobile } from '@/hooks/useDevice';
import './pwa.css';

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [applying, setApplying] = useState(false);
  const mobile = useIsMobile();

  useEffect(() => {
    // The device at the first registration picks the worker's kit; later registrations keep it.
    registerServiceWorker(mobile ? 'phone' : 'desktop');
    return onUpdateAvailable(() => {
      setWaiting(true);
      setDismissed(false);
    });
  }, [mobile]);

  if (!waiting || dismissed) return null;
  return (
    <div className="boss-update-prompt" role="alert" data-testid="update-prompt">
      <span>{MSG.updateAvailable}</span>
      <button
        type="button"
        className="boss-update-apply"
        disabled={applying}
        onClick={() => {
          setApplying(true);
          applyUpdate();
        }}
      >
        立即刷新
      </button>
      <button type="button" className="boss-update-later" aria-label="稍后" onClick={() => setDismissed(true)}>
        稍后
      </button>
    </div>
  );
}
