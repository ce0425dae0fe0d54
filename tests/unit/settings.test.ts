import { describe, expect, it } from 'vitest';
import { applySetting, normaliseSettings } from '@/lib/settings';
import { DEFAULT_SETTINGS } from '@contract/constants';

describe('display settings rules (spec §2, §4)', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ primaryColor: '#0267B5', navTheme: 'light', layout: 'sidemenu', contentWidth: 'Fixed', multipage: true });
  });
  it('turning fixed header off forces auto-hide off', () => {
    const on = applySetting(applySetting(DEFAULT_SETTINGS, 'fixedHeader', true), 'autoHideHeader', true);
    expect(on.autoHideHeader).toBe(true);
    expect(applySetting(on, 'fixedHeader', false).autoHideHeader).toBe(false);
    expect(applySetting(DEFAULT_SETTINGS, 'autoHideHeader', true).autoHideHeader).toBe(false);
  });
  it('top menu forces fixed sidebar off; Fluid only with top menu', () => {
    const fixed = applySetting(DEFAULT_SETTINGS, 'fixSiderbar', true);
    expect(fixed.fixSiderbar).toBe(true);
    expect(applySetting(fixed, 'layout', 'topmenu').fixSiderbar).toBe(false);
    expect(applySetting(DEFAULT_SETTINGS, 'contentWidth', 'Fluid').contentWidth).toBe('Fixed');
    const top = applySetting(DEFAULT_SETTINGS, 'layout', 'topmenu');
    const fluid = applySetting(top, 'contentWidth', 'Fluid');
    expect(fluid.contentWidth).toBe('Fluid');
    expect(applySetting(fluid, 'layout', 'sidemenu').contentWidth).toBe('Fixed');
  });
  it('repairs inconsistent stored settings', () => {
    expect(normaliseSettings({ fixedHeader: false, autoHideHeader: true, layout: 'topmenu', fixSiderbar: true })).toMatchObject({
      autoHideHeader: false,
      fixSiderbar: false,
    });
  });
});
