// Display settings of the drawer, persisted under pro__ (spec §3). Rules in lib/settings.ts.
import { proxy } from 'valtio';
import { STORAGE_KEYS, type DisplaySettings } from '@contract/constants';
import { ls } from '@/lib/storage';
import { applySetting, normaliseSettings } from '@/lib/settings';

export const settings = proxy<DisplaySettings & { sidebarOpen: boolean }>({
  ...normaliseSettings(ls.get<Partial<DisplaySettings>>(STORAGE_KEYS.settings)),
  sidebarOpen: ls.get<boolean>(STORAGE_KEYS.sidebarOpen) ?? true,
});

export function changeSetting<K extends keyof DisplaySettings>(key: K, value: DisplaySettings[K]): void {
  const { sidebarOpen, ...current } = settings;
  const next = applySetting(current, key, value);
  Object.assign(settings, next, { sidebarOpen });
  ls.set(STORAGE_KEYS.settings, next);
}

export function toggleSidebar(open: boolean = !settings.sidebarOpen): void {
  settings.sidebarOpen = open;
  ls.set(STORAGE_KEYS.sidebarOpen, open);
}
