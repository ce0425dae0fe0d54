// The one place that decides phone vs desktop (spec §9 breakpoints). Components never read
// window.innerWidth themselves.
import { useSyncExternalStore } from 'react';
import { BREAKPOINT_COLLAPSE, BREAKPOINT_MOBILE } from '@contract/constants';

function subscribeTo(query: string) {
  return (cb: () => void) => {
    const mql = window.matchMedia(query);
    mql.addEventListener('change', cb);
    return () => mql.removeEventListener('change', cb);
  };
}
const subMobile = subscribeTo(BREAKPOINT_MOBILE);
const subCollapse = subscribeTo(BREAKPOINT_COLLAPSE);

export function useIsMobile(): boolean {
  return useSyncExternalStore(subMobile, () => window.matchMedia(BREAKPOINT_MOBILE).matches, () => false);
}
/** True at most 1087.99px: the sidebar collapses. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subCollapse, () => window.matchMedia(BREAKPOINT_COLLAPSE).matches, () => false);
}
