// Probe of the user list (not a benchmark; `npx tsx bench/probe-list.ts`): times N random queries of the
// mixed day one at a time, without the list cache, against a database kept by `BENCH_KEEP_DB=1 npm run
// bench:list` (BENCH_DB_URL), and prints the slowest with p50, p90 and the mean: where a slow mix comes from.
import { callApi, signIn, startApi } from './lib/api';
import { randomListQuery } from './lib/mixedDay';
import { ADMIN_P } from '../contract/api/admin';

const db = process.env.BENCH_DB_URL!;
const api = await startApi(db, 'probe', { BENCH_LIST_CACHE: 'off' });
const token = await signIn(api.baseURL, 'admin');
const seen: [number, string][] = [];
for (let i = 0; i < Number(process.env.N ?? 300); i++) {
  const q = randomListQuery();
  const t0 = performance.now();
  await callApi(api.baseURL, 'GET', `${ADMIN_P.userList}?${q}`, undefined, token);
  seen.push([performance.now() - t0, q]);
}
seen.sort((a, b) => b[0] - a[0]);
for (const [ms, q] of seen.slice(0, 25)) console.log(ms.toFixed(0).padStart(6), decodeURIComponent(q));
const all = seen.map((s) => s[0]).sort((a, b) => a - b);
console.log(
  'p50',
  all[Math.floor(all.length / 2)].toFixed(1),
  'p90',
  all[Math.floor(all.length * 0.9)].toFixed(1),
  'mean',
  (all.reduce((a, b) => a + b) / all.length).toFixed(1),
);
await api.stop();
