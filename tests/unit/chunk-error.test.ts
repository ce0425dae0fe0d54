import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '@/components/pwa/chunkError';

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://boss.example/assets/Home-abc123.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://boss.example/assets/Home-abc123.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['webpack JS chunk', Object.assign(new Error('Loading chunk 42 failed.\n(error: /static/js/42.js)'), { name: 'ChunkLoadError' })],
    ['webpack CSS chunk', new Error('Loading CSS chunk 7 failed.')],
    ['Vite CSS preload', new Error('Unable to preload CSS for /assets/Home-abc123.css')],
    ['Node resolution', Object.assign(new Error("Cannot find module './Home'"), { code: 'MODULE_NOT_FOUND' })],
    ['a bare ChunkLoadError name', { name: 'ChunkLoadError', message: '' }],
    ['a plain string', 'Failed to fetch dynamically imported module'],
  ])('recognises %s', (_browser, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([
    ['an ordinary render error', new TypeError("Cannot read properties of undefined (reading 'map')")],
    ['a failed API call', new Error('Request failed with status code 500')],
    ['a network error of fetch', new TypeError('Failed to fetch')],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an object without a message', { foo: 'bar' }],
  ])('does not take %s for a chunk failure', (_what, error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
