// Multi-tab workspace rules of spec §4 as pure functions over a tab list.
import { HOME_PATH } from '@contract/constants';
import { MSG } from '@contract/messages';

export interface Tab {
  fullPath: string;
  path: string;
  title: string;
  keepAlive: boolean;
  componentName?: string;
  /** Bumped by "refresh" so the page remounts. */
  version: number;
}
export interface TabsState {
  tabs: Tab[];
  active: string;
}
export type TabResult = { ok: true; state: TabsState; dropped: Tab[] } | { ok: false; error: string };

// Home is one tab whatever its query (or the case of its path): /Home?x=1 is home too.
const isHomePath = (path: string) => path.toLowerCase() === HOME_PATH.toLowerCase();
const isHome = (t: Tab) => isHomePath(t.path);

export function homeTab(): Tab {
  return { fullPath: HOME_PATH, path: HOME_PATH, title: '首页', keepAlive: false, version: 0 };
}

/**
 * Opening a route adds a tab or reactivates the existing one (keyed by full path); home stays
 * first. Opening home with another query reuses the home tab, which then stands for that address.
 */
export function openTab(state: TabsState, tab: Omit<Tab, 'version'>): TabsState {
  if (isHomePath(tab.path)) {
    const home = state.tabs.find(isHome) ?? homeTab();
    const tabs = [{ ...home, fullPath: tab.fullPath }, ...state.tabs.filter((t) => !isHome(t))];
    return { tabs, active: tab.fullPath };
  }
  const exists = state.tabs.find((t) => t.fullPath === tab.fullPath);
  let tabs = exists
    ? state.tabs.map((t) => (t.fullPath === tab.fullPath ? { ...t, title: tab.title || t.title } : t))
    : [...state.tabs, { ...tab, version: 0 }];
  if (!tabs.some(isHome)) tabs = [homeTab(), ...tabs];
  else if (!isHome(tabs[0])) tabs = [tabs.find(isHome)!, ...tabs.filter((t) => !isHome(t))];
  return { tabs, active: tab.fullPath };
}

export function closeTab(state: TabsState, fullPath: string): TabResult {
  const idx = state.tabs.findIndex((t) => t.fullPath === fullPath);
  if (idx < 0) return { ok: true, state, dropped: [] };
  if (isHome(state.tabs[idx])) return { ok: false, error: MSG.homeNotClosable };
  if (state.tabs.length <= 1) return { ok: false, error: MSG.lastNotClosable };
  const tabs = state.tabs.filter((_, i) => i !== idx);
  const active = state.active === fullPath ? (tabs[idx] ?? tabs[idx - 1]).fullPath : state.active;
  return { ok: true, state: { tabs, active }, dropped: [state.tabs[idx]] };
}

function keepOnly(state: TabsState, keep: (t: Tab, i: number) => boolean, active: string): TabResult {
  const tabs = state.tabs.filter((t, i) => isHome(t) || keep(t, i));
  const dropped = state.tabs.filter((t) => !tabs.includes(t));
  return { ok: true, state: { tabs, active: tabs.some((t) => t.fullPath === active) ? active : tabs[tabs.length - 1].fullPath }, dropped };
}

export function closeLeft(state: TabsState, fullPath: string): TabResult {
  const idx = state.tabs.findIndex((t) => t.fullPath === fullPath);
  return keepOnly(state, (_, i) => i >= idx, fullPath);
}
export function closeRight(state: TabsState, fullPath: string): TabResult {
  const idx = state.tabs.findIndex((t) => t.fullPath === fullPath);
  return keepOnly(state, (_, i) => i <= idx, fullPath);
}
/** Keeps home plus the chosen tab. */
export function closeOthers(state: TabsState, fullPath: string): TabResult {
  return keepOnly(state, (t) => t.fullPath === fullPath, fullPath);
}
export function refreshTab(state: TabsState, fullPath: string): TabsState {
  return { ...state, tabs: state.tabs.map((t) => (t.fullPath === fullPath ? { ...t, version: t.version + 1 } : t)) };
}

/** Document title: page · system name; on home the system name only. */
export function documentTitle(pageTitle: string | undefined, path: string, systemName: string): string {
  return path === HOME_PATH || !pageTitle ? systemName : `${pageTitle} · ${systemName}`;
}
