// Auto-hide header (spec §2 drawer): with a fixed header, scrolling down past the header hides it
// and scrolling up shows it again.
import { useEffect, useState } from 'react';

const HEADER_HEIGHT = 64;

export function useHeaderHidden(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    let ticking = false;
    const onScroll = () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        const y = window.scrollY;
        if (y > HEADER_HEIGHT && y > last + 4) setHidden(true);
        else if (y < last - 4 || y <= HEADER_HEIGHT) setHidden(false);
        last = y;
        ticking = false;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && hidden;
}
