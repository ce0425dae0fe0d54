// Where the mixed day's slow list requests waited (issue 15 §2), from a run with BENCH_TRACE=<file>:
//   BENCH_TRACE=$PWD/bench/out/day BENCH_ONLY=mixed npm run bench:list
//   npx tsx bench/trace-report.ts bench/out/day
// For each second of the day: the list requests started, their p99, and for the slowest 5% how long
// they took before the app had the request (the client, the kernel, and the app busy with the
// requests before them), inside the app, and back; how many of them opened a connection; and how
// many list requests took over 50, 100 and 150 ms. Then the app's events in the day's first four
// seconds, in bins of 200 ms: lists started, their time inside the app, and the writes.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('usage: tsx bench/trace-report.ts <BENCH_TRACE file>');

interface Request {
  id: string;
  list: boolean;
  second: number;
  latency: number;
  toApp: number;
  inApp: number;
  back: number;
  opened: boolean;
  atApp: number;
}

const [startLine, ...clientLines] = readFileSync(`${file}.client`, 'utf8').split('\n');
const start = Number(startLine);
const app = new Map(
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, , got, done] = line.split(' ');
      return [id, { got: Number(got), done: Number(done) }] as const;
    }),
);
const requests: Request[] = [];
for (const line of clientLines) {
  const [id, call, conn, head, end] = line.split(' ');
  const a = app.get(id);
  if (!a) continue;
  requests.push({
    id,
    list: id.startsWith('GETlist'),
    second: Math.floor((Number(call) - start) / 1000),
    latency: Number(end) - Number(call),
    toApp: a.got - Number(call),
    inApp: a.done - a.got,
    back: Number(head) - a.done,
    opened: Number(conn) > 0,
    atApp: a.got - start,
  });
}

const percentile = (values: number[], p: number) => {
  const s = [...values].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const mean = (rs: Request[], k: 'latency' | 'toApp' | 'inApp' | 'back') => Math.round(rs.reduce((a, r) => a + r[k], 0) / Math.max(1, rs.length));

const lists = requests.filter((r) => r.list);
console.log(
  `list requests ${lists.length}, p99 ${percentile(
    lists.map((r) => r.latency),
    99,
  )} ms`,
);
for (let second = 0; lists.some((r) => r.second >= second); second++) {
  const rs = lists.filter((r) => r.second === second);
  if (!rs.length) continue;
  const bound = percentile(
    rs.map((r) => r.latency),
    95,
  );
  const slow = rs.filter((r) => r.latency >= bound);
  const over = [50, 100, 150].map((ms) => rs.filter((r) => r.latency > ms).length);
  console.log(
    `second ${second}: ${rs.length} lists, p99 ${percentile(
      rs.map((r) => r.latency),
      99,
    )} ms; slowest 5% ${mean(slow, 'latency')} ms = before the app ${mean(slow, 'toApp')} + in it ${mean(slow, 'inApp')} + back ${mean(slow, 'back')}, ${slow.filter((r) => r.opened).length}/${slow.length} opened a connection; over 50/100/150 ms: ${over.join('/')}`,
  );
}
for (let bin = 0; bin < 20; bin++) {
  const rs = requests.filter((r) => r.atApp >= bin * 200 && r.atApp < (bin + 1) * 200);
  const ls = rs.filter((r) => r.list);
  const writes = rs.filter((r) => !r.list).map((r) => r.id.replace(/-\d+$/, ''));
  const counted = new Map<string, number>();
  for (const w of writes) counted.set(w, (counted.get(w) ?? 0) + 1);
  console.log(
    `${bin * 200} ms: ${ls.length} lists in the app (${(ls.reduce((a, r) => a + r.inApp, 0) / Math.max(1, ls.length)).toFixed(1)} ms each), writes ${JSON.stringify(Object.fromEntries(counted))}`,
  );
}
