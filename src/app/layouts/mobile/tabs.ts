// The phone tabs and their URLs (see MobileLayout.tsx for the scheme).
import type { NavigateFunction } from 'react-router-dom';
import { HOME_PATH } from '@contract/constants';

export type MobileTab = 'home' | 'approve' | 'apps' | 'messages' | 'me';

export const MOBILE_TABS: { key: MobileTab; title: string }[] = [
  { key: 'home', title: '首页' },
  /** Only for users holding pay:order:approve (MobileLayout hides it from the others). */
  { key: 'approve', title: '审批' },
  { key: 'apps', title: '应用' },
  { key: 'messages', title: '消息' },
  { key: 'me', title: '我的' },
];

export function tabOf(search: string): MobileTab {
  const t = new URLSearchParams(search).get('tab');
  return MOBILE_TABS.some((x) => x.key === t) ? (t as MobileTab) : 'home';
}

export function tabHref(tab: MobileTab, extra?: Record<string, string>): string {
  if (tab === 'home') return HOME_PATH;
  return `${HOME_PATH}?${new URLSearchParams({ tab, ...extra }).toString()}`;
}

/** Leaves a sheet opened by URL: back when we pushed it, else replace with the bare tab. */
export function closeSheet(navigate: NavigateFunction, tab: MobileTab): void {
  if ((window.history.state?.idx ?? 0) > 0) void navigate(-1);
  else void navigate(tabHref(tab), { replace: true });
}
