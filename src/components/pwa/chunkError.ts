// Recognises the errors a browser throws when a lazily loaded chunk (JS or CSS) cannot be fetched:
// after a deployment the old hashed files are gone, or the network dropped. The cure for both is
// a reload, so the error boundary offers one instead of a generic error page.

/** Message fragments of chunk-load failures, per browser and bundler. */
const CHUNK_ERROR_PATTERNS = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Loading chunk', // webpack-style loaders: "Loading chunk 12 failed"
  'Loading CSS chunk',
  'Unable to preload CSS', // Vite's CSS preload helper
];

/** True when `error` says a lazily loaded module or stylesheet could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (error == null) return false;
  if (typeof error === 'string') return CHUNK_ERROR_PATTERNS.some((pattern) => error.includes(pattern));
  if (typeof error !== 'object') return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  if (name === 'ChunkLoadError' || code === 'MODULE_NOT_FOUND') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => message.includes(pattern));
}
