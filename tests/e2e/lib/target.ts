// Which server an e2e file tests. The e2e files run two at a time (E2E_WORKERS), and the global
// set-up starts one server with its own database per worker: a file takes the server of the worker
// it runs in (VITEST_POOL_ID, 1..maxWorkers, never held by two running files at once), so files
// that run side by side never share a server, a database, a bell or an approver's queue.
import { inject } from 'vitest';

/** How many e2e files run at once, and so how many servers the global set-up starts. */
export const E2E_WORKERS = 2;

export interface E2eTarget {
  /** Origin of the server under test, e.g. http://127.0.0.1:40123 (no trailing slash). */
  baseURL: string;
  /** PostgreSQL URL of its database; '' when the server runs on PGlite. */
  databaseUrl: string;
  /** PGlite data directory; '' when the server runs on PostgreSQL. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTargets: E2eTarget[];
  }
}

/** The server (and its database) of the worker this file runs in. */
export function e2eTarget(): E2eTarget {
  const targets = inject('e2eTargets');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return targets[(Math.max(worker, 1) - 1) % targets.length];
}
