import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { API_BASE } from './contract/constants';
import { precacheKits } from './scripts/precacheKits';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
/** The worker precaches the shell and its device's kit only (scripts/precacheKits.ts). */
const kits = precacheKits(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  plugins: [
    react(),
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
        // Everything the entry imports statically is one chunk: the shell's twenty-odd small chunks
        // cost a phone one request each on every first visit.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
});
