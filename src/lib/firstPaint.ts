// The phone's first screen, kept and painted again on the next cold start (the app-shell pattern):
// a page's topmost, largest element, drawn with inline styles only (the sign-in header, the home
// greeting), is kept as markup once drawn; index.html's inline script (firstPaintScript.ts) paints
// it before any module has loaded, and the page removes it in the commit that draws the real one.
// A page of another path removes it too, and the script itself after FIRST_PAINT_MAX_MS.
import { useLayoutEffect, type RefObject } from 'react';
import { BREAKPOINT_MOBILE, CACHE_LIFETIME_MS, STORAGE_KEYS } from '@contract/constants';
import { ls } from './storage';
import { FIRST_PAINT_ID, type FirstPaint } from './firstPaintScript';

/** The path a first screen is kept and painted under, as the script reads it (no trailing slash). */
const currentPath = () => window.location.pathname.replace(/\/$/, '') || '/';

/** Keeps `el` as the first screen of the current path (phones only; nothing else is painted early). */
export function keepFirstPaint(el: HTMLElement | null, opts: { until?: number; user?: boolean } = {}): void {
  if (!el || !window.matchMedia(BREAKPOINT_MOBILE).matches) return;
  const box = el.getBoundingClientRect();
  const style = window.getComputedStyle(el);
  const px = (v: string) => Math.round(parseFloat(v) || 0);
  const kept: FirstPaint = {
    html: el.outerHTML,
    top: Math.round(box.top + window.scrollY) - px(style.marginTop),
    left: Math.round(box.left) - px(style.marginLeft),
    right: Math.round(document.documentElement.clientWidth - box.right) - px(style.marginRight),
    font: style.fontFamily,
    until: opts.until ?? null,
    user: !!opts.user,
  };
  try {
    const path = currentPath();
    const all = ls.get<Record<string, FirstPaint>>(STORAGE_KEYS.firstPaint) ?? {};
    if (all[path]?.html === kept.html && all[path]?.until === kept.until) return;
    ls.set(STORAGE_KEYS.firstPaint, { ...all, [path]: kept }, CACHE_LIFETIME_MS);
  } catch {
    // Storage full or refused: the next start shows the spinner, as before.
  }
}

/** Removes the painted first screen, if any (or only one painted for another path). */
export function dropFirstPaint(otherPathOnly = false): void {
  const painted = document.getElementById(FIRST_PAINT_ID);
  if (!painted) return;
  if (otherPathOnly && painted.dataset.path === currentPath()) return;
  painted.remove();
}

/**
 * The element of `ref` is its page's first screen: the painted copy goes in the commit that draws it
 * (before the browser paints), and the drawn one is kept for the next start whenever `deps` change.
 */
export function useFirstPaint(ref: RefObject<HTMLElement | null>, deps: unknown[], opts: { until?: number; user?: boolean } = {}): void {
  useLayoutEffect(() => {
    dropFirstPaint();
    keepFirstPaint(ref.current, opts);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
