// The one place that decides phone vs desktop (spec §9 breakpoints). Components never read
// window.innerWidth themselves.
//
// A change of side remounts the whole app under the other UI kit, losing every open dialog and
// unsaved form, so it follows only a width that has held for SETTLE_MS. Browsers flip media
// queries for a moment on their own: a full-page capture (print preview, screenshot tools,
// Playwright's fullPage) resizes the viewport and back, and a window dragged across the breakpoint
// passes it several times. Only where the window ends up counts.
import { useSyncExternalStore } from 'react';
import { BREAKPOINT_COLLAPSE, BREAKPOINT_MOBILE } from '@contract/constants';

/** How long a media query must keep its new answer (read at both ends) before the app follows it. */
export const SETTLE_MS = 200;

type Store = { subscribe: (cb: () => void) => () => void; get: () => boolean };

/** A media query's answer that changes only once it has held for SETTLE_MS. */
export function settledMediaQuery(query: string, settleMs = SETTLE_MS): Store {
  const listeners = new Set<() => void>();
  let mql: MediaQueryList | undefined;
  let value: boolean | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = () => (mql ??= window.matchMedia(query)).matches;
  // The new answer is read twice, SETTLE_MS apart: one read may fall inside the flip itself.
  const settle = (confirmed: boolean) => {
    timer = undefined;
    const next = read();
    if (next === value) return;
    if (!confirmed) {
      timer = setTimeout(() => settle(true), settleMs);
      return;
    }
    value = next;
    listeners.forEach((listener) => listener());
  };
  const onChange = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => settle(false), settleMs);
  };
  return {
    subscribe(cb) {
      listeners.add(cb);
      if (listeners.size === 1) {
        read();
        mql?.addEventListener('change', onChange);
        // The window may have changed while nobody listened.
        if (value !== undefined && value !== read()) onChange();
      }
      return () => {
        listeners.delete(cb);
        if (listeners.size > 0) return;
        mql?.removeEventListener('change', onChange);
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
      };
    },
    get: () => (value ??= read()),
  };
}

const mobile = typeof window === 'undefined' ? undefined : settledMediaQuery(BREAKPOINT_MOBILE);
const narrow = typeof window === 'undefined' ? undefined : settledMediaQuery(BREAKPOINT_COLLAPSE);
const never = () => () => undefined;

/** The device side now, outside React (start-up preloads). */
export const isMobileNow = (): boolean => mobile?.get() ?? false;

export function useIsMobile(): boolean {
  return useSyncExternalStore(mobile?.subscribe ?? never, mobile?.get ?? (() => false), () => false);
}
/** True at most 1087.99px: the sidebar collapses. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(narrow?.subscribe ?? never, narrow?.get ?? (() => false), () => false);
}
