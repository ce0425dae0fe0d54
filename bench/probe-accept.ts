// Probe (not a benchmark; `npx tsx bench/probe-accept.ts`): how fast a busy Node HTTP server accepts
// new connections. libuv accepts one connection per turn of the event loop (libuv PR #3696), and a
// turn runs every request that arrived on the connections already open; so while BUSY keep-alive
// clients keep the server at COST ms of work a request, a burst of NEW connections is accepted one per
// turn. This is what the mixed day's slowest first second is made of (bench/trace-report.ts: the first
// requests of new connections reached the app up to 3.2 s after they were sent).
// Prints the spread of the burst's accepts, its first requests' latency and the server's req/s.
// ACCEPTORS=n listens on n more handles of the socket as the app does (server/http/acceptors.ts).
// Env: BUSY (50), NEW (100), COST (1 ms), ACCEPTORS (0).
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { Acceptors } from '../server/http/acceptors';

const busyClients = Number(process.env.BUSY ?? 50);
const newClients = Number(process.env.NEW ?? 100);
const cost = Number(process.env.COST ?? 1);
const acceptors = Number(process.env.ACCEPTORS ?? 0);

const get = (port: number, agent: http.Agent) =>
  new Promise<void>((resolve) =>
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', () => resolve()),
  );

if (process.argv[2] === '--clients') {
  // The load, in a process of its own: BUSY clients asking without pause, then after a second a
  // burst of NEW clients each opening a connection for its first request.
  const port = Number(process.argv[3]);
  let stop = false;
  const loops = Array.from({ length: busyClients }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (!stop) await get(port, agent);
    agent.destroy();
  });
  await new Promise((r) => setTimeout(r, 1000));
  const latencies = await Promise.all(
    Array.from({ length: newClients }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const t0 = performance.now();
      await get(port, agent);
      agent.destroy();
      return performance.now() - t0;
    }),
  );
  latencies.sort((a, b) => a - b);
  stop = true;
  await Promise.all(loops);
  process.send!({ p50: Math.round(latencies[latencies.length >> 1]), max: Math.round(latencies[latencies.length - 1]) });
  process.exit(0);
}

const accepts: number[] = [];
let requests = 0;
const server = http.createServer((_req, res) => {
  requests++;
  const end = performance.now() + cost;
  while (performance.now() < end);
  res.end('ok');
});
server.on('connection', () => accepts.push(performance.now()));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const widened = await new Acceptors(server, acceptors).widen();
const started = performance.now();
const port = (server.address() as { port: number }).port;
const child = fork(fileURLToPath(import.meta.url), ['--clients', String(port)], { execArgv: ['--import', 'tsx'] });
child.on('message', (m: { p50: number; max: number }) => {
  const burst = accepts.slice(-newClients);
  console.log(
    JSON.stringify({
      busy_clients: busyClients,
      acceptors: widened,
      new_clients: newClients,
      cost_ms: cost,
      accepts_spread_ms: Math.round(burst[burst.length - 1] - burst[0]),
      first_request_p50_ms: m.p50,
      first_request_max_ms: m.max,
      server_rps: Math.round(requests / ((performance.now() - started) / 1000)),
    }),
  );
});
child.on('exit', () => server.close());
