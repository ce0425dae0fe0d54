// Prometheus metrics of this process (issue 19 §3), in the text format at GET /metrics for the
// operators' scraper: request rate and latency by route and status, Node's own figures (event-loop
// lag, memory, GC, handles), the database pool, open sockets, and, read from the database when
// scraped, job runs, the channel's callback backlog and the ledger's postings. Off unless
// METRICS_TOKEN is set, and then only for a scraper that presents it (Authorization: Bearer …): the
// figures name routes and jobs, which is not for the public.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { RequestWindow } from './requestWindow';

/** Seconds: the latency buckets of a back-office answer (most under 50 ms, exports and reports longer). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []));

export class Metrics {
  readonly registry = new Registry();
  private readonly sockets = new Map<string, () => number>();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly latency: Histogram<'method' | 'route' | 'status'>;
  /** The last hour of the same answers by route, for the monitoring page (server/modules/monitor). */
  readonly window = new RequestWindow();

  constructor(private readonly db: Db) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'boss_' });
    this.requests = new Counter({
      name: 'boss_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'boss_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const sockets = this.sockets;
    new Gauge({
      name: 'boss_websocket_connections',
      help: 'Open sockets of this process, by kind (notifications, live grids)',
      labelNames: ['socket'],
      registers,
      collect() {
        this.reset();
        for (const [socket, count] of sockets) this.set({ socket }, count());
      },
    });
    const client = (db as unknown as { $client: unknown }).$client;
    new Gauge({
      name: 'boss_db_pool_connections',
      help: 'Database connections of this process, by state (total, idle, waiting requests); the embedded database has one',
      labelNames: ['state'],
      registers,
      collect() {
        if (client instanceof pg.Pool) {
          this.set({ state: 'total' }, client.totalCount);
          this.set({ state: 'idle' }, client.idleCount);
          this.set({ state: 'waiting' }, client.waitingCount);
        } else {
          this.set({ state: 'total' }, 1);
        }
      },
    });
    const read = <T>(query: ReturnType<typeof sql>) => this.read<T>(query);
    new Gauge({
      name: 'boss_job_runs_last_hour',
      help: 'Runs of each scheduled job started in the last hour, by outcome (every process of the deployment)',
      labelNames: ['job', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await read<{ job: string; status: string; n: number }>(
          sql`SELECT j.job_name AS job, r.status, count(*)::int AS n FROM job_runs r JOIN jobs j ON j.id = r.job_id
              WHERE r.started_at > now() - interval '1 hour' GROUP BY 1, 2`,
        );
        for (const r of rows) this.set({ job: r.job, status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'boss_channel_pending_orders',
      help: 'Channel orders still waiting for the channel’s callback (the callback backlog)',
      registers,
      async collect() {
        const [r] = await read<{ n: number }>(sql`SELECT count(*)::int AS n FROM channel_orders WHERE status = 'pending'`);
        this.set(Number(r?.n ?? 0));
      },
    });
    new Gauge({
      name: 'boss_channel_oldest_pending_seconds',
      help: 'Age of the oldest channel order waiting for its callback; 0 when none waits',
      registers,
      async collect() {
        const [r] = await read<{ s: number | null }>(
          sql`SELECT extract(epoch FROM now() - min(created_at))::float8 AS s FROM channel_orders WHERE status = 'pending'`,
        );
        this.set(Math.max(0, Number(r?.s ?? 0)));
      },
    });
    new Gauge({
      name: 'boss_ledger_postings',
      help: 'Ledger entries and postings made so far (every process of the deployment)',
      labelNames: ['kind'],
      registers,
      async collect() {
        const [r] = await read<{ entries: string | null; postings: string | null }>(
          sql`SELECT (SELECT max(entry_no) FROM journal_entries) AS entries, (SELECT max(id) FROM postings) AS postings`,
        );
        this.set({ kind: 'entries' }, Number(r?.entries ?? 0));
        this.set({ kind: 'postings' }, Number(r?.postings ?? 0));
      },
    });
  }

  private async read<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  /** The current value of a series of the registry (its collect runs, as on a scrape); 0 when absent. */
  async value(name: string, labels: Record<string, string> = {}): Promise<number> {
    const metric = this.registry.getSingleMetric(name);
    if (!metric) return 0;
    const { values } = await metric.get();
    const hit = values.find((v) => Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want));
    const n = Number(hit?.value ?? 0);
    return Number.isFinite(n) ? n : 0;
  }

  /** Every value of a series with its labels. */
  async values(name: string): Promise<{ labels: Record<string, string>; value: number }[]> {
    const metric = this.registry.getSingleMetric(name);
    if (!metric) return [];
    const { values } = await metric.get();
    return values.map((v) => ({ labels: v.labels as Record<string, string>, value: Number(v.value) }));
  }

  /** The open sockets of every kind, now. */
  socketCount(): number {
    let n = 0;
    for (const count of this.sockets.values()) n += count();
    return n;
  }

  /** Counts the open sockets of a kind on every scrape. */
  countSockets(socket: string, count: () => number): void {
    this.sockets.set(socket, count);
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * Times every answer of `app` into `metrics` (by the route's pattern, never the raw address, so the
 * series stay few) and serves GET /metrics when `token` is set.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.latency.observe(labels, reply.elapsedTime / 1000);
    metrics.window.record(`${labels.method} ${labels.route}`, reply.statusCode, reply.elapsedTime);
  });
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      return reply.code(401).type('text/plain; charset=utf-8').send('需要监控令牌');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
