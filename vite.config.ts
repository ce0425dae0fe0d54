import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { API_BASE, LOGIN_PATH } from './contract/constants';
import { precacheKits } from './scripts/precacheKits';
import { BrandHeader, DEFAULT_BRANDING } from './src/features/user/BrandHeader';
import { firstPaintScript, type FirstPaint } from './src/lib/firstPaintScript';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
/** The worker precaches the shell and its device's kit only (scripts/precacheKits.ts). */
const kits = precacheKits(fileURLToPath(new URL('.', import.meta.url)));

/** The phone kit's font (antd-mobile's --adm-font-family), read from the kit's own style sheet. */
const ADM_FONT_FAMILY =
  /--adm-font-family:\s*([^;]+);/
    .exec(readFileSync(fileURLToPath(new URL('./node_modules/antd-mobile/es/global/global.css', import.meta.url)), 'utf8'))?.[1]
    .replace(/\s+/g, ' ') ?? 'sans-serif';

/** A first visit's first screen of the sign-in pages: their header, drawn with the default branding. */
const signInHeader = (title?: string): FirstPaint => ({
  // (React adds a preload link for the logo: the painted header's own img asks for it at once.)
  html: renderToStaticMarkup(createElement(BrandHeader, { brand: DEFAULT_BRANDING, title })).replace(/^<link [^>]*>/, ''),
  top: 0,
  left: 0,
  right: 0,
  // The phone kit's font (antd-mobile's --adm-font-family), which the page draws the header in.
  font: ADM_FONT_FAMILY,
  until: null,
  user: false,
});
/** index.html paints the phone's first screen before any module (src/lib/firstPaintScript.ts). */
const firstPaint = {
  name: 'boss-first-paint',
  transformIndexHtml: () => [
    {
      tag: 'script',
      children: firstPaintScript({ [LOGIN_PATH]: signInHeader(), '/user/login': signInHeader('手机号登录') }),
      injectTo: 'body' as const,
    },
  ],
};

export default defineConfig({
  plugins: [
    react(),
    firstPaint,
    kits.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [kits.manifestTransform],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    proxy: { [API_BASE]: { target: apiTarget, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Groups of equal priority capture in this order; each takes its modules' dependencies
          // too (unless an earlier group has them), so no two chunks import each other.
          groups: [
            // Everything the entry imports statically is one chunk: the shell's twenty-odd small
            // chunks cost a phone one request each on every first visit.
            { name: 'shell', tags: ['$initial'] },
            // Babel's helpers, which the phone kit and antd both use: one small chunk, taken before
            // the desktop groups below can drag them into a chunk that a phone would then load.
            { name: 'babel-helpers', test: /node_modules[\\/]@babel[\\/]runtime[\\/]/ },
            // The desktop's icons, and antd's foundations (utilities, styles, theme, configuration,
            // locale): every desktop screen loads most of them, which the default split cuts by use
            // into some seventy chunks under 1 KB whose response headers cost as much as they hold.
            // A phone never loads either (budgets.test, and admin's phone test in Chromium).
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/](icons|icons-svg|colors)[\\/]/ },
            { name: 'antd-base', test: /node_modules[\\/](antd[\\/]es[\\/](_util|style|theme|config-provider|locale)|@rc-component[\\/]util)[\\/]/ },
          ],
        },
      },
    },
  },
});
