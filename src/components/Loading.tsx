// The one loading indicator shown while a lazy page or view arrives. No UI kit, so it works on
// both devices before either kit has loaded. Most chunks arrive in well under 200 ms, so for the
// first 200 ms it shows nothing (no flash of text on a page's first visit); after that, a grey
// skeleton in the shape of a page (title, a toolbar, rows) instead of words.
import { useEffect, useState } from 'react';
import './loading.css';

export const LOADING_DELAY_MS = 200;

export function Loading() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), LOADING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return <div role="status" aria-busy="true" aria-label="加载中" className="boss-skeleton-pending" />;
  return (
    <div role="status" aria-busy="true" aria-label="加载中" className="boss-skeleton">
      <div className="boss-skeleton-title" />
      <div className="boss-skeleton-bar" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="boss-skeleton-row" />
      ))}
    </div>
  );
}
