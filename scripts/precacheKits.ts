// Build-time split of the service worker's precache by device (ARCHITECTURE.md, "Service worker and
// first visit"). A Vite plugin walks the chunk graph once the client is bundled and sorts the
// built files into:
// - the shell: index.html (the offline fallback) and the entry chunk with everything
//   it imports statically (what every page of every device runs first);
// - one kit per device: the chunks (and their CSS) of the device's first screens, sign-in and
//   home, found from the source modules that open them (the UI kit, the layout, the views);
// - everything else, which no worker precaches: it is cached at runtime the first time it is used.
// The workbox manifest transform tags each kept entry with its kits (an entry without `kits` is
// shell), so the worker keeps the shell and its own device's list and a phone never downloads
// desktop-only code, not even into a cache. The plugin also writes dist/.precache-kits.json, what
// the budget test reads: each list, and the files each first screen loads.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

export type Device = 'phone' | 'desktop';
export type Screen = 'login' | 'home';

/**
 * The kit of each device: its UI kit, its layout and its sign-in view, each the target of a lazy
 * import() (source modules; the chunks that hold them and what those import statically). With the
 * shell this is what an offline reload of a signed-in page needs; pages are cached when first used.
 */
export const KIT_SOURCES: Record<Device, string[]> = {
  phone: ['src/app/kits/MobileKit.tsx', 'src/app/layouts/MobileLayout.tsx', 'src/features/user/LoginAdmin.tsx', 'src/features/user/Login.mobile.tsx'],
  desktop: ['src/app/kits/DesktopKit.tsx', 'src/app/layouts/DesktopLayout.tsx', 'src/features/user/LoginAdmin.tsx', 'src/features/user/Login.desktop.tsx'],
};

/** What each device's first screens load beyond the shell (lazy import() targets), for the budgets. */
export const FIRST_SCREENS: Record<Device, Record<Screen, string[]>> = {
  phone: {
    login: ['src/app/kits/MobileKit.tsx', 'src/features/user/LoginAdmin.tsx', 'src/features/user/Login.mobile.tsx'],
    home: ['src/app/kits/MobileKit.tsx', 'src/app/layouts/MobileLayout.tsx', 'src/features/home/Home.tsx', 'src/features/home/Home.mobile.tsx'],
  },
  desktop: {
    login: ['src/app/kits/DesktopKit.tsx', 'src/features/user/LoginAdmin.tsx', 'src/features/user/Login.desktop.tsx'],
    home: ['src/app/kits/DesktopKit.tsx', 'src/app/layouts/DesktopLayout.tsx', 'src/features/home/Home.tsx', 'src/features/home/Home.desktop.tsx'],
  },
};

/**
 * Files of the shell besides the entry's chunks: the page every offline navigation falls back to.
 * The icons and the web app manifest are not precached: the page fetches them itself (the HTTP cache
 * keeps them a day), and precaching them again cost every first visit three more requests.
 */
const SHELL_FILES = ['index.html'];

export const KITS_REPORT = '.precache-kits.json';

export interface KitsReport {
  shell: string[];
  kits: Record<Device, string[]>;
  /** Every file each first screen loads: the shell's chunks and the screen's own. */
  screens: Record<Device, Record<Screen, string[]>>;
  /** The source modules (repository paths) of each precached chunk, to tell what a kit holds. */
  modules: Record<string, string[]>;
  /**
   * Phone views (chunks holding a `*.mobile.tsx` module) whose static imports load the desktop kit
   * (antd or @ant-design/*), each with the chunks that hold it: none, or a phone downloads antd.
   */
  phoneViewsLoadingDesktopKit: Record<string, string[]>;
  /** How many phone view chunks that check looked at. */
  phoneViewsChecked: number;
}

/** Modules of the desktop UI kit, which no phone view may load. */
const DESKTOP_KIT_MODULE = /[\\/]node_modules[\\/](antd|@ant-design)[\\/]/;

interface ChunkNode {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  css: string[];
}

/** The chunk files `start` loads before it runs: itself, its static imports, and their CSS. */
function staticClosure(start: string[], chunks: Map<string, ChunkNode>): Set<string> {
  const files = new Set<string>();
  const pending = [...start];
  while (pending.length) {
    const fileName = pending.pop()!;
    if (files.has(fileName)) continue;
    const chunk = chunks.get(fileName);
    if (!chunk) continue;
    files.add(fileName);
    chunk.css.forEach((css) => files.add(css));
    pending.push(...chunk.imports);
  }
  return files;
}

export function precacheKits(root: string): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let report: KitsReport | null = null;

  const plugin: Plugin = {
    name: 'boss-precache-kits',
    apply: 'build',
    // After writing: by then Vite has dropped the CSS-only chunks that other chunks still import.
    writeBundle(options, bundle) {
      const chunks = new Map<string, ChunkNode>();
      const entries: string[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const css = [...(output.viteMetadata?.importedCss ?? [])];
        chunks.set(output.fileName, { fileName: output.fileName, moduleIds: output.moduleIds, imports: output.imports, css });
        if (output.isEntry) entries.push(output.fileName);
      }
      const chunkOf = (source: string): string => {
        const id = path.resolve(root, source);
        const chunk = [...chunks.values()].find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) this.error(`precache kits: ${source} is in no chunk (renamed? update FIRST_SCREENS in scripts/precacheKits.ts)`);
        return chunk.fileName;
      };
      const shellChunks = staticClosure(entries, chunks);
      const screens = {} as KitsReport['screens'];
      const kits = {} as KitsReport['kits'];
      for (const device of Object.keys(KIT_SOURCES) as Device[]) {
        const kit = staticClosure([...entries, ...KIT_SOURCES[device].map(chunkOf)], chunks);
        kits[device] = [...kit].filter((file) => !shellChunks.has(file)).sort();
        screens[device] = {} as Record<Screen, string[]>;
        for (const [screen, sources] of Object.entries(FIRST_SCREENS[device]) as [Screen, string[]][]) {
          screens[device][screen] = [...staticClosure([...entries, ...sources.map(chunkOf)], chunks)].sort();
        }
      }
      const precached = new Set([...shellChunks, ...Object.values(kits).flat()]);
      const modules = Object.fromEntries(
        [...precached].filter((file) => chunks.has(file)).map((file) => [file, chunks.get(file)!.moduleIds.map((id) => path.relative(root, id))]),
      );
      const phoneViewsLoadingDesktopKit: KitsReport['phoneViewsLoadingDesktopKit'] = {};
      let phoneViewsChecked = 0;
      for (const chunk of chunks.values()) {
        if (!chunk.moduleIds.some((id) => id.endsWith('.mobile.tsx'))) continue;
        phoneViewsChecked++;
        const desktopKit = [...staticClosure([chunk.fileName], chunks)].filter((file) => chunks.get(file)?.moduleIds.some((id) => DESKTOP_KIT_MODULE.test(id)));
        if (desktopKit.length) phoneViewsLoadingDesktopKit[chunk.fileName] = desktopKit;
      }
      report = { shell: [...SHELL_FILES, ...[...shellChunks].sort()], kits, screens, modules, phoneViewsLoadingDesktopKit, phoneViewsChecked };
      writeFileSync(path.join(options.dir ?? path.join(root, 'dist'), KITS_REPORT), JSON.stringify(report, null, 2));
    },
  };

  /** Keeps the shell and the kits in the precache manifest, each kit entry tagged with its devices. */
  const manifestTransform: ManifestTransform = (entries) => {
    if (!report) throw new Error('precache kits: the client bundle was not analysed before the service worker build');
    const shell = new Set(report.shell);
    const kitsOf = (url: string) => (Object.keys(report!.kits) as Device[]).filter((device) => report!.kits[device].includes(url));
    const manifest = entries.flatMap((entry) => {
      if (shell.has(entry.url)) return [entry];
      const kits = kitsOf(entry.url);
      return kits.length ? [{ ...entry, kits }] : [];
    });
    return { manifest };
  };

  return { plugin, manifestTransform };
}
