import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { E2E_WORKERS } from './tests/e2e/lib/target';
import { LongestFirstSequencer } from './tests/e2e/lib/sequencer';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

/** Server files that start several processes or time concurrent work (see the server-solo project). */
const SERVER_SOLO = [
  'tests/server/jobs-cluster.test.ts',
  'tests/server/ledger-audit.test.ts',
  'tests/server/server-secrets.test.ts',
  'tests/server/ledger-races.test.ts',
  'tests/server/ledger-conservation.test.ts',
  'tests/server/monitor.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Two workers (Vitest's default is one fewer than the cores). Vitest runs every project that is
    // held to one file at a time in a single queue after the others, so on a 2-core machine all the
    // files ran in turn (19-20 minutes). Now the unit, server and e2e files run two at a time, each e2e
    // file against the server of its worker (tests/e2e/lib/target.ts); the few server files that time
    // processes or races follow, one at a time (server-solo).
    maxWorkers: E2E_WORKERS,
    // Read from the root config only: the longest e2e files first (tests/e2e/lib/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Unit files run beside two browsers and servers: 20 s, not the default 5 s, before a CPU-bound test counts as hung.
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20000 } },
      // Server files share the two workers with the unit and e2e files (each makes its own databases,
      // copied from a prepared template: tests/server/helpers.ts) ...
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_SOLO,
          environment: 'node',
          // A worker imports the server's modules once for all its files (each file still starts its own
          // app on its own database). Isolated, every file imported the whole server afresh: 137 s of the
          // server files' time on this machine. No file mocks a module; state a module keeps (caches keyed
          // by the app's database handle, PGlite's compiled WebAssembly) is per app or safe to share.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      // ... except those that time processes, sockets or races against each other, which run one at a
      // time at the end, with the machine to themselves.
      {
        resolve: { alias },
        test: {
          name: 'server-solo',
          include: SERVER_SOLO,
          environment: 'node',
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
          // After every other project's files (group 0), alone on the machine.
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90000,
          hookTimeout: 180000,
          // One more try for a browser test that fails: under CI load a click can still land on a
          // moving popup. A test that fails twice fails the run; the reporter names each retried one.
          retry: 1,
          // expect.poll waits 10 s, not Vitest's 1 s, for a page to show what it should: under CI load a
          // first render can take longer than a second (the monitor e2e failed its first try so in ci9/ci10).
          expect: { poll: { timeout: 10_000, interval: 100 } },
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
