// A day on the user list as the benchmark meets it (issue 15 §2): CLIENTS concurrent clients, each a
// signed-in user of its own session, asking for the user list with random filters, sorts, page sizes
// and pages (deep pages included) drawn from what the page offers, while WRITE_SHARE of the requests
// are writes through the API: user edits (they change what the list shows), sign-ins, and approvals
// of payment orders submitted beforehand. Latencies are measured per request kind, each request on a
// keep-alive connection of its client, so the list's figures are the list's.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { ADMIN_P } from '../../contract/api/admin';
import { PAY_PATHS } from '../../contract/api/pay';
import { API_BASE, HEADER_SIGN, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN } from '../../contract/constants';
import { DEFAULT_LOGIN_AES_KEY, DEFAULT_SIGN_SECRET, encodePassword, signRequest, signTimestamp } from '../../contract/crypto';

export type Kind = 'list' | 'edit' | 'signin' | 'approve';
export interface MixedFigures {
  requests: Record<Kind, number>;
  failed: Record<Kind, number>;
  p50: Record<Kind, number>;
  p99: Record<Kind, number>;
  listRps: number;
  /**
   * How many of the clients were, on average, waiting for a write (the writes' summed latency over the
   * run's length). The clients never pause, so a client waiting for a slow sign-in sends no list
   * request: the more of them wait there, the fewer ask for the list at once, and the list's figures
   * must be read with this one.
   */
  clientsInWrites: number;
  /** The list's p99 in each second of the run (where the slow requests fall: a cold start, or all along). */
  listP99BySecond: number[];
}

export interface MixedOptions {
  baseURL: string;
  /** One token per client (each a user of its own). */
  tokens: string[];
  /** Usernames the sign-ins use (password Demo@2026). */
  usernames: string[];
  /** Ids of users the edits change (users the list shows). */
  editable: string[];
  /** Pending orders to approve, in order; each is approved once. */
  orders: { orderId: string; version: number }[];
  seconds: number;
  writeShare?: number;
  /**
   * false: a draw that would be a sign-in is a list request instead (only to see what the list does
   * without the sign-ins' scrypt on the same cores; the benchmark's figures always include them).
   */
  signIns?: boolean;
}

const rnd = <T>(a: readonly T[]): T => a[Math.floor(Math.random() * a.length)];
const SIGN_SECRET = process.env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET;

/** The filters, sorts and sizes the user list page offers, drawn at random; a tenth of the pages are deep. */
export function randomListQuery(): string {
  const q: Record<string, string> = {};
  const r = Math.random();
  if (r < 0.3) q.status = rnd(['1', '2']);
  else if (r < 0.45) q.sex = rnd(['1', '2']);
  // The loaded usernames are 'bench' and seven digits (bench0000001…bench1000000): a prefix of four
  // digits from 0000 to 0999 names 1,000 of them. Three digits, as before, matched nobody nine times in ten.
  else if (r < 0.55) q.username = `bench${String(Math.floor(Math.random() * 1000)).padStart(4, '0')}*`;
  else if (r < 0.65) q.realname = `*压测用户${Math.floor(Math.random() * 100)}*`;
  else if (r < 0.75) {
    const y = 2024 + Math.floor(Math.random() * 3);
    q.createTime_begin = `${y}-01-01`;
    q.createTime_end = `${y}-06-30`;
  }
  const col = rnd(['createTime', 'createTime', 'username', 'realname']);
  q.column = col;
  q.order = rnd(['desc', 'asc']);
  q.pageSize = rnd(['10', '10', '20', '50', '100']);
  q.pageNo = String(Math.random() < 0.1 ? 1 + Math.floor(Math.random() * 5000) : 1 + Math.floor(Math.random() * 5));
  return new URLSearchParams(q).toString();
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const SUCCESS_HEAD = Buffer.from('{"success":true,');

export async function runMixedDay(o: MixedOptions): Promise<MixedFigures> {
  const writeShare = o.writeShare ?? 0.05;
  const url = new URL(o.baseURL);
  const lat: Record<Kind, number[]> = { list: [], edit: [], signin: [], approve: [] };
  /** Each list request's latency by the second of the run it started in. */
  const listBySecond: number[][] = [];
  const failed: Record<Kind, number> = { list: 0, edit: 0, signin: 0, approve: 0 };
  let nextOrder = 0;
  let edits = 0;
  const deadline = Date.now() + o.seconds * 1000;

  // BENCH_TRACE=<file>: each request's id and times on the client (called, connected when it opened
  // a connection, answer's head, answer's end), written to <file>.client after the day; the app
  // writes its side to <file> (bench/lib/api.ts). bench/trace-report.ts joins them.
  const tracing = process.env.BENCH_TRACE;
  const trace: string[] = [];
  let traceSeq = 0;
  const send = (agent: http.Agent, token: string | null, method: string, path: string, body?: unknown) =>
    new Promise<number>((resolve) => {
      const tid = `${method}${path.split('?')[0].split('/').pop()}-${++traceSeq}`;
      const tCall = Date.now();
      let tConn = 0;
      let tHead = 0;
      const [p, qs] = path.split('?');
      const headers: Record<string, string> = { [HEADER_TENANT]: '0', [HEADER_TIMESTAMP]: signTimestamp() };
      if (token) headers[HEADER_TOKEN] = token;
      if (tracing) headers['x-bench-trace'] = tid;
      const payload = body === undefined ? undefined : JSON.stringify(body);
      if (payload) headers['content-type'] = 'application/json';
      if (method !== 'GET') headers[HEADER_SIGN] = signRequest(Object.fromEntries(new URLSearchParams(qs ?? '')), body ?? {}, SIGN_SECRET);
      const req = http.request({ host: url.hostname, port: url.port, method, path: `${API_BASE}${p}${qs ? `?${qs}` : ''}`, headers, agent }, (res) => {
        tHead = Date.now();
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let ok = res.statusCode === 200;
          const bytes = Buffer.concat(chunks);
          // A list answer is the envelope {"success":true,…,"result":{"records":[…]}}: its head says
          // whether it succeeded. Parsing each whole page (20 KB on average) was a fifth of the load
          // generator's CPU, taken from the app it measures on these two cores; the app's work is
          // the same either way. Other answers (some say it in status.success) are parsed.
          const succeeded = method === 'GET' && bytes.subarray(0, SUCCESS_HEAD.length).equals(SUCCESS_HEAD);
          if (!succeeded)
            try {
              const j = JSON.parse(bytes.toString('utf8')) as { success?: boolean; status?: { success?: boolean } };
              ok &&= j.success !== false && j.status?.success !== false;
            } catch {
              ok = false;
            }
          if (tracing) trace.push(`${tid} ${tCall} ${tConn} ${tHead} ${Date.now()} ${qs ?? ''}`);
          resolve(ok ? 200 : (res.statusCode ?? 0) || 599);
        });
      });
      if (tracing) req.on('socket', (sock) => (sock.connecting ? sock.once('connect', () => (tConn = Date.now())) : (tConn = -1)));
      req.on('error', () => resolve(599));
      if (payload) req.write(payload);
      req.end();
    });

  const started = Date.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    o.tokens.map(async (token, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (Date.now() < deadline) {
          let kind: Kind = 'list';
          const r = Math.random();
          if (r < writeShare) {
            const w = r / writeShare;
            kind = w < 0.45 ? 'edit' : w < 0.9 ? (o.signIns === false ? 'list' : 'signin') : nextOrder < o.orders.length ? 'approve' : 'edit';
          }
          const t0 = performance.now();
          let status: number;
          if (kind === 'list') status = await send(agent, token, 'GET', `${ADMIN_P.userList}?${randomListQuery()}`);
          else if (kind === 'edit') status = await send(agent, token, 'PUT', ADMIN_P.userEdit, { id: rnd(o.editable), realname: `压测改名${i}-${++edits}` });
          else if (kind === 'signin')
            status = await send(agent, null, 'POST', '/sys/login', {
              username: o.usernames[i % o.usernames.length],
              password: encodePassword('Demo@2026', process.env.LOGIN_AES_KEY ?? DEFAULT_LOGIN_AES_KEY),
            });
          else {
            const order = o.orders[nextOrder++];
            status = await send(agent, token, 'POST', PAY_PATHS.auditPass, {
              orderIds: [order.orderId],
              versions: [order.version],
              payPwd: encodePassword('Demo@2026', process.env.LOGIN_AES_KEY ?? DEFAULT_LOGIN_AES_KEY),
            });
          }
          const ms = performance.now() - t0;
          lat[kind].push(ms);
          if (kind === 'list') (listBySecond[Math.floor((Date.now() - started - ms) / 1000)] ??= []).push(ms);
          if (status !== 200) failed[kind]++;
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  if (tracing) writeFileSync(`${tracing}.client`, `${started}\n${trace.join('\n')}`);
  const elapsed = (Date.now() - started) / 1000;
  // The load generator shares the cores with the app and the database: what it took of them.
  const cpu = process.cpuUsage(cpu0);
  console.log(`[bench] load generator CPU during the day: ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s over ${elapsed.toFixed(1)} s`);
  const kinds: Kind[] = ['list', 'edit', 'signin', 'approve'];
  const out = { requests: {}, failed, p50: {}, p99: {} } as MixedFigures;
  for (const k of kinds) {
    const s = lat[k].sort((a, b) => a - b);
    out.requests[k] = s.length;
    out.p50[k] = Math.round(percentile(s, 50) * 10) / 10;
    out.p99[k] = Math.round(percentile(s, 99) * 10) / 10;
  }
  out.listP99BySecond = Array.from(listBySecond, (s) =>
    Math.round(
      percentile(
        (s ?? []).sort((a, b) => a - b),
        99,
      ),
    ),
  );
  out.listRps = Math.round(lat.list.length / elapsed);
  const sum = (k: Kind) => lat[k].reduce((a, b) => a + b, 0);
  out.clientsInWrites = Math.round((sum('edit') + sum('signin') + sum('approve')) / (elapsed * 1000));
  return out;
}
