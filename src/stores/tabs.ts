// The open tabs of the desktop workspace. Rules live in lib/tabs.ts; this store applies them and
// broadcasts closes so cached pages are dropped.
import { proxy } from 'valtio';
import { homeTab, openTab, closeTab, closeLeft, closeRight, closeOthers, refreshTab, type Tab, type TabResult, type TabsState } from '@/lib/tabs';

export const tabs = proxy<TabsState>({ tabs: [homeTab()], active: homeTab().fullPath });

type CloseListener = (dropped: Tab[]) => void;
const listeners = new Set<CloseListener>();
/** Subscribe to tab closes (the close event of spec §4). */
export function onTabsClosed(fn: CloseListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function apply(result: TabResult): string | null {
  if (!result.ok) return result.error;
  tabs.tabs = result.state.tabs;
  tabs.active = result.state.active;
  if (result.dropped.length) listeners.forEach((fn) => fn(result.dropped));
  return null;
}

export const tabActions = {
  open(tab: Omit<Tab, 'version'>) {
    const next = openTab(tabs, tab);
    tabs.tabs = next.tabs;
    tabs.active = next.active;
  },
  /** Returns an error message when refused (home or last tab). */
  close: (fullPath: string) => apply(closeTab(tabs, fullPath)),
  closeLeft: (fullPath: string) => apply(closeLeft(tabs, fullPath)),
  closeRight: (fullPath: string) => apply(closeRight(tabs, fullPath)),
  closeOthers: (fullPath: string) => apply(closeOthers(tabs, fullPath)),
  refresh(fullPath: string) {
    const next = refreshTab(tabs, fullPath);
    tabs.tabs = next.tabs;
  },
  reset() {
    tabs.tabs = [homeTab()];
    tabs.active = homeTab().fullPath;
  },
};
