// Probe of the user list under saturation (not a benchmark; `npx tsx bench/probe-saturated.ts`), against
// a database kept by `BENCH_KEEP_DB=1 npm run bench:list` (BENCH_DB_URL; its mixed-day users bmix000…
// bmix099 sign in). Prints one line each for:
// - a burst: every client's first request at once, each on a new connection (the mixed day's first
//   second), then the same again on the connections now open;
// - a loop: the clients ask for the list without pausing and without writes, for LOOP_SECONDS, twice
//   (req/s is then the app's list throughput with every client waiting on it: Little's law).
// With BENCH_CPU_PROF=dir the app writes a CPU profile of the whole run.
// Env: CLIENTS (100), WAIT (seconds before signing in: the index loads meanwhile, 25), LOOP_SECONDS (8),
// BENCH_LIST_CACHE=off.
import http from 'node:http';
import { ADMIN_P } from '../contract/api/admin';
import { API_BASE, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN } from '../contract/constants';
import { signTimestamp } from '../contract/crypto';
import { signIn, startApi } from './lib/api';
import { randomListQuery } from './lib/mixedDay';

const clients = Number(process.env.CLIENTS ?? 100);
const loopSeconds = Number(process.env.LOOP_SECONDS ?? 8);
const api = await startApi(process.env.BENCH_DB_URL!, 'probe-saturated', {
  LOGIN_RATE_LIMIT: '1000000',
  ...(process.env.BENCH_LIST_CACHE ? { BENCH_LIST_CACHE: process.env.BENCH_LIST_CACHE } : {}),
});
const url = new URL(api.baseURL);

/** One list request on the client's keep-alive connection: its latency in ms (-1 when it failed). */
const ask = (agent: http.Agent, token: string) =>
  new Promise<number>((resolve) => {
    const t0 = performance.now();
    const headers = { [HEADER_TENANT]: '0', [HEADER_TIMESTAMP]: signTimestamp(), [HEADER_TOKEN]: token };
    const req = http.request(
      { host: url.hostname, port: url.port, method: 'GET', path: `${API_BASE}${ADMIN_P.userList}?${randomListQuery()}`, headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : -1));
      },
    );
    req.on('error', () => resolve(-1));
    req.end();
  });

function report(name: string, ms: number[], seconds?: number): void {
  const s = ms.filter((x) => x >= 0).sort((a, b) => a - b);
  const p = (k: number) => Math.round(s[Math.min(s.length - 1, Math.floor((k / 100) * s.length))]);
  const rps = seconds ? `, ${Math.round(s.length / seconds)} req/s` : '';
  console.log(`${name}: ${s.length} answers${rps}, ${ms.length - s.length} failed, p50 ${p(50)} / p90 ${p(90)} / p99 ${p(99)} / max ${p(100)} ms`);
}

await new Promise((r) => setTimeout(r, Number(process.env.WAIT ?? 25) * 1000));
const names = Array.from({ length: clients }, (_, i) => `bmix${String(i).padStart(3, '0')}`);
const tokens: string[] = [];
for (let i = 0; i < names.length; i += 10) tokens.push(...(await Promise.all(names.slice(i, i + 10).map((n) => signIn(api.baseURL, n)))));
const agents = names.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));

report('burst, new connections', await Promise.all(agents.map((a, i) => ask(a, tokens[i]))));
report('burst, open connections', await Promise.all(agents.map((a, i) => ask(a, tokens[i]))));
for (const round of [1, 2]) {
  const end = Date.now() + loopSeconds * 1000;
  const ms: number[] = [];
  await Promise.all(
    agents.map(async (a, i) => {
      while (Date.now() < end) ms.push(await ask(a, tokens[i]));
    }),
  );
  report(`loop ${round}`, ms, loopSeconds);
}
for (const a of agents) a.destroy();
await api.stop();
