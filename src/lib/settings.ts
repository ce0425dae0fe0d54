// Display-settings rules of spec §2 and §4: fixed header off forces auto-hide off; top menu forces
// fixed sidebar off; Fluid width only with top menu.
import { DEFAULT_SETTINGS, type DisplaySettings } from '@contract/constants';

export function applySetting<K extends keyof DisplaySettings>(current: DisplaySettings, key: K, value: DisplaySettings[K]): DisplaySettings {
  const next: DisplaySettings = { ...current, [key]: value };
  if (!next.fixedHeader) next.autoHideHeader = false;
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  if (next.layout !== 'topmenu') next.contentWidth = 'Fixed';
  return next;
}

export function normaliseSettings(stored: Partial<DisplaySettings> | null): DisplaySettings {
  let s: DisplaySettings = { ...DEFAULT_SETTINGS, ...(stored ?? {}) };
  for (const key of Object.keys(s) as (keyof DisplaySettings)[]) s = applySetting(s, key, s[key]);
  return s;
}
