// Performance budgets of the built client (issue 15 §4), so a new page cannot quietly undo the
// phone's light first visit. The global set-up has built dist/; scripts/precacheKits.ts wrote what
// each device's worker precaches and what each first screen loads (dist/.precache-kits.json). The
// JS a first visit costs is what crosses the network as the server sends it: the brotli copy
// (server/lib/compressDist.ts), or the file itself where none was written (small files), and each
// response's headers. The sign-in page's own JS is counted without headers (code size).
//
// Budgets, in KB of JavaScript over the network:
// - a phone's first visit: everything its worker precaches (the shell and the phone kit), which
//   includes the sign-in page's own chunks, ≤ 200 (bench:load measures the same in Chromium);
// - the sign-in page's own JS (what the user waits for before they can type) ≤ 150 on a phone and
//   ≤ 300 on a desktop (antd's form, layout and icons);
// - signed-in home on a phone (the precache and home's own chunks) ≤ 300, on a desktop ≤ 500.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KITS_REPORT, type Device, type KitsReport } from '../../scripts/precacheKits';
import { repoRoot } from './lib/build';

const dist = path.join(repoRoot, 'dist');
const report = JSON.parse(readFileSync(path.join(dist, KITS_REPORT), 'utf8')) as KitsReport;

/** Bytes of one built file as the server sends it (its .br copy when there is one). */
function sentBytes(file: string): number {
  const full = path.join(dist, file);
  return statSync(existsSync(full + '.br') ? full + '.br' : full).size;
}

/**
 * Bytes of the response headers the server sends with each hashed asset (status line, type,
 * encoding, length, caching, date, connection): 332 on average as bench:load measured them in
 * Chromium, rounded up. A first visit pays them once per file, so a split into many small chunks
 * costs more than its files hold.
 */
const RESPONSE_HEADER_BYTES = 340;

/** KB of the JavaScript among `files`, each counted once; `withHeaders` adds each response's headers. */
const jsKb = (files: Iterable<string>, withHeaders = false) => {
  const scripts = [...new Set(files)].filter((f) => f.endsWith('.js'));
  const bytes = scripts.reduce((sum, f) => sum + sentBytes(f), 0) + (withHeaders ? scripts.length * RESPONSE_HEADER_BYTES : 0);
  return Math.round((bytes / 1024) * 10) / 10;
};

const precache = (device: Device) => [...report.shell, ...report.kits[device]];

describe('performance budgets of the built client', () => {
  it('a phone’s first visit downloads at most 200 KB of JS, its worker’s precache included', () => {
    const kb = jsKb([...precache('phone'), ...report.screens.phone.login], true);
    console.log(`[budget] phone first visit (login + precache): ${kb} KB of JS`);
    expect(kb).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(200);
  });

  it('the sign-in page’s own JS is at most 150 KB on a phone and 300 KB on a desktop', () => {
    for (const device of ['phone', 'desktop'] as const) {
      const kb = jsKb(report.screens[device].login);
      console.log(`[budget] ${device} sign-in page: ${kb} KB of JS`);
      expect(kb, device).toBeLessThanOrEqual(device === 'phone' ? 150 : 300);
    }
  });

  it('signed-in home: at most 300 KB of JS on a phone and 500 KB on a desktop, precache included', () => {
    const phone = jsKb([...precache('phone'), ...report.screens.phone.home], true);
    const desktop = jsKb([...precache('desktop'), ...report.screens.desktop.home], true);
    console.log(`[budget] home first visit: phone ${phone} KB, desktop ${desktop} KB of JS`);
    expect(phone).toBeLessThanOrEqual(300);
    expect(desktop).toBeLessThanOrEqual(500);
  });

  it('a phone’s precache holds no desktop-only code', () => {
    const desktopOnly = report.kits.desktop.filter((file) => !report.kits.phone.includes(file));
    const phoneFiles = new Set(precache('phone'));
    expect(desktopOnly.filter((file) => phoneFiles.has(file))).toEqual([]);
    // The desktop UI kit (antd) is not in the phone's precache.
    const antd = Object.entries(report.modules).filter(([file, modules]) => phoneFiles.has(file) && modules.some((m) => m.includes('node_modules/antd/')));
    expect(antd.map(([file]) => file)).toEqual([]);
  });

  it('no phone view loads the desktop kit, not even through a chunk it shares with desktop code', () => {
    // The chunk groups in vite.config.ts take their modules' dependencies along; a dependency that
    // phone views share must stay out of a desktop group, or every phone view downloads the group.
    expect(report.phoneViewsChecked).toBeGreaterThan(50);
    expect(report.phoneViewsLoadingDesktopKit).toEqual({});
  });
});
