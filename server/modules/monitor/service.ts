// 系统监控 (issue 19 §3): the figures of the monitoring page, read from this process's metrics
// (server/lib/metrics.ts: the same registry GET /metrics serves, and its last-hour request window)
// and from the database. Every process writes a heartbeat row (process_heartbeats, migration 0042)
// every HEARTBEAT_MS with its memory, event-loop lag and last hour of requests by route, so the
// page shows each process of a deployment on one PostgreSQL, and the routes summed over the live ones.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { API_BASE } from '../../../contract/constants';
import {
  MONITOR_LIVE_KIND,
  MONITOR_P,
  MONITOR_PUSH_MS,
  NOT_SUPPORTED,
  PROCESS_GONE_MS,
  type MonitorDatabase,
  type MonitorJob,
  type MonitorOverview,
  type MonitorProcess,
  type MonitorRoute,
} from '../../../contract/api/monitor';
import type { PaymentChannel } from '../../adapters/channel/channel';
import type { Db } from '../../db/client';
import type { Metrics } from '../../lib/metrics';
import { addTally, quantileMs, type RouteTallies } from '../../lib/requestWindow';

export const HEARTBEAT_MS = 10_000;
/** Rows of processes gone for longer than this are removed. */
const FORGET_AFTER = '1 day';

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []));
const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());

export class Monitor {
  readonly processId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly startedAt = new Date();
  private timer: NodeJS.Timeout | null = null;
  private pusher: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly metrics: Metrics,
    private readonly channel: () => PaymentChannel | undefined,
  ) {}

  private async read<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  /** Beats now and every `everyMs`; a failed beat is logged and tried again at the next. */
  start(everyMs = HEARTBEAT_MS, warn: (err: unknown) => void = () => {}): void {
    if (this.timer) return;
    const tick = () => void this.beat().catch(warn);
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.pusher) clearInterval(this.pusher);
    this.timer = this.pusher = null;
  }

  /**
   * Keeps open monitoring pages live: every `everyMs`, when this process's figures moved since the
   * last look (a request answered other than the page's own call, which would retrigger itself; a
   * socket opened or closed), writes its heartbeat, so every process reads the new figures, then
   * publishes a notice {kind:'monitor'} of the tenant `tenant` (server/realtime/liveFeed.ts sends it to
   * who may view the page). An idle process publishes nothing.
   */
  startPush(publish: (payload: string) => Promise<void>, tenant: string, warn: (err: unknown) => void = () => {}, everyMs = MONITOR_PUSH_MS): void {
    if (this.pusher) return;
    this.metrics.window.quiet.add(`GET ${API_BASE}${MONITOR_P.overview}`);
    const notice = JSON.stringify({ kind: MONITOR_LIVE_KIND, id: this.processId, tenant, status: '' });
    const signature = () => `${this.metrics.window.changes}|${this.metrics.socketCount()}`;
    let last = signature();
    let busy = false;
    this.pusher = setInterval(() => {
      const now = signature();
      if (busy || now === last) return;
      busy = true;
      last = now;
      void this.beat()
        .then(() => publish(notice))
        .catch(warn)
        .finally(() => (busy = false));
    }, everyMs);
    this.pusher.unref();
  }

  /** Writes this process's row (and forgets processes gone for a day). */
  async beat(): Promise<void> {
    const m = this.metrics;
    // prom-client sets the event-loop percentiles (since its last collect) when the lag gauge is collected.
    await m.value('boss_nodejs_eventloop_lag_seconds');
    const [rss, heap, lag] = await Promise.all([
      m.value('boss_process_resident_memory_bytes'),
      m.value('boss_nodejs_heap_size_used_bytes'),
      m.value('boss_nodejs_eventloop_lag_p99_seconds'),
    ]);
    const routes = m.window.snapshot();
    const total = Object.values(routes).reduce((s, t) => s + t.n, 0);
    await this.db.execute(sql`
      INSERT INTO process_heartbeats (id, host, pid, started_at, beat_at, rss_bytes, heap_used_bytes, loop_lag_ms, requests_total, routes)
      VALUES (${this.processId}, ${hostname()}, ${process.pid}, ${this.startedAt.toISOString()}, now(), ${Math.round(rss || process.memoryUsage().rss)},
              ${Math.round(heap || process.memoryUsage().heapUsed)}, ${lag * 1000}, ${total}, ${JSON.stringify(routes)}::jsonb)
      ON CONFLICT (id) DO UPDATE SET beat_at = now(), rss_bytes = EXCLUDED.rss_bytes, heap_used_bytes = EXCLUDED.heap_used_bytes,
        loop_lag_ms = EXCLUDED.loop_lag_ms, requests_total = EXCLUDED.requests_total, routes = EXCLUDED.routes`);
    await this.db.execute(sql`DELETE FROM process_heartbeats WHERE beat_at < now() - ${FORGET_AFTER}::interval`);
  }

  async overview(): Promise<MonitorOverview> {
    await this.beat();
    const [processes, database, jobs, online, channel] = await Promise.all([
      this.processes(),
      this.database(),
      this.jobs(),
      this.online(),
      this.channelHealth(),
    ]);
    const tallies: RouteTallies = {};
    for (const p of processes.rows) if (p.alive) for (const [route, t] of Object.entries(p.routes)) addTally(tallies, route, t);
    const routes: MonitorRoute[] = Object.entries(tallies)
      .map(([route, t]) => ({
        route,
        count: t.n,
        errors: t.err,
        errorRate: t.n ? t.err / t.n : 0,
        p50Ms: quantileMs(t, 0.5),
        p95Ms: quantileMs(t, 0.95),
        p99Ms: quantileMs(t, 0.99),
      }))
      .sort((a, b) => b.p95Ms - a.p95Ms || b.count - a.count);
    return {
      at: new Date().toISOString(),
      processes: processes.list,
      routes,
      requestsLastHour: routes.reduce((s, r) => s + r.count, 0),
      errorsLastHour: routes.reduce((s, r) => s + r.errors, 0),
      database,
      jobs,
      online,
      channel,
    };
  }

  private async processes() {
    const rows = await this.read<{
      id: string;
      host: string;
      pid: number;
      started_at: string;
      beat_at: string;
      rss_bytes: string;
      heap_used_bytes: string;
      loop_lag_ms: number;
      requests_total: string;
      routes: RouteTallies | string;
      alive: boolean;
    }>(sql`SELECT *, beat_at > now() - ${`${PROCESS_GONE_MS / 1000} seconds`}::interval AS alive FROM process_heartbeats ORDER BY started_at, id`);
    const parsed = rows.map((r) => ({ ...r, routes: (typeof r.routes === 'string' ? JSON.parse(r.routes) : r.routes) as RouteTallies }));
    const list: MonitorProcess[] = parsed.map((r) => ({
      id: r.id,
      host: r.host,
      pid: Number(r.pid),
      startedAt: iso(r.started_at) as string,
      beatAt: iso(r.beat_at) as string,
      self: r.id === this.processId,
      alive: !!r.alive,
      rssBytes: Number(r.rss_bytes),
      heapUsedBytes: Number(r.heap_used_bytes),
      loopLagMs: Math.round(Number(r.loop_lag_ms) * 10) / 10,
      requestsLastHour: Number(r.requests_total),
    }));
    return { rows: parsed, list };
  }

  private async database(): Promise<MonitorDatabase> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    const postgres = client instanceof pg.Pool;
    const pool = await this.metrics.values('boss_db_pool_connections');
    const poolOf = (state: string) => pool.find((v) => v.labels.state === state)?.value ?? null;
    const out: MonitorDatabase = {
      engine: postgres ? 'postgresql' : 'pglite',
      sizeBytes: null,
      connections: null,
      activeConnections: null,
      poolTotal: poolOf('total') ?? 1,
      poolIdle: postgres ? poolOf('idle') : null,
      poolWaiting: postgres ? poolOf('waiting') : null,
      statements: null,
      statementsNote: NOT_SUPPORTED,
    };
    try {
      const [s] = await this.read<{ size: string }>(sql`SELECT pg_database_size(current_database())::bigint AS size`);
      out.sizeBytes = Number(s.size);
    } catch {
      out.sizeBytes = null;
    }
    if (!postgres) return out;
    const [a] = await this.read<{ n: number; active: number }>(
      sql`SELECT count(*)::int AS n, (count(*) FILTER (WHERE state = 'active'))::int AS active FROM pg_stat_activity WHERE datname = current_database()`,
    );
    out.connections = Number(a?.n ?? 0);
    out.activeConnections = Number(a?.active ?? 0);
    const [ext] = await this.read<{ one: number }>(sql`SELECT 1 AS one FROM pg_extension WHERE extname = 'pg_stat_statements'`);
    if (!ext) {
      out.statementsNote = '未安装 pg_stat_statements 扩展';
      return out;
    }
    try {
      const rows = await this.read<{ query: string; calls: string; mean_ms: number; total_ms: number }>(
        sql`SELECT left(query, 500) AS query, calls, mean_exec_time AS mean_ms, total_exec_time AS total_ms FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY mean_exec_time DESC LIMIT 10`,
      );
      out.statements = rows.map((r) => ({ query: r.query, calls: Number(r.calls), meanMs: Number(r.mean_ms), totalMs: Number(r.total_ms) }));
      out.statementsNote = null;
    } catch {
      out.statementsNote = 'pg_stat_statements 未加载（shared_preload_libraries）';
    }
    return out;
  }

  private async jobs(): Promise<MonitorJob[]> {
    const rows = await this.read<{
      id: string;
      job_name: string;
      status: string;
      next_fire_time: string | null;
      last_at: string | null;
      last_status: string | null;
      last_ms: number | null;
      last_error: string | null;
      runs: number;
      failures: number;
    }>(sql`
      SELECT j.id, j.job_name, j.status, j.next_fire_time, l.started_at AS last_at, l.status AS last_status, l.duration_ms AS last_ms, l.error AS last_error,
        (SELECT count(*)::int FROM job_runs r WHERE r.job_id = j.id AND r.started_at > now() - interval '24 hours') AS runs,
        (SELECT count(*)::int FROM job_runs r WHERE r.job_id = j.id AND r.started_at > now() - interval '24 hours' AND r.status = 'failed') AS failures
      FROM jobs j
      LEFT JOIN LATERAL (SELECT started_at, status, duration_ms, error FROM job_runs r WHERE r.job_id = j.id ORDER BY started_at DESC LIMIT 1) l ON true
      ORDER BY j.job_name, j.id`);
    return rows.map((r) => ({
      id: r.id,
      jobName: r.job_name,
      status: r.status,
      lastRunAt: iso(r.last_at),
      lastStatus: r.last_status,
      lastDurationMs: r.last_ms == null ? null : Number(r.last_ms),
      lastError: r.last_error ? r.last_error.slice(0, 300) : null,
      runs24h: Number(r.runs),
      failures24h: Number(r.failures),
      nextFireTime: iso(r.next_fire_time),
    }));
  }

  private async online(): Promise<MonitorOverview['online']> {
    // The live sessions of the online-user list (server/modules/rbac/online.ts), every tenant's.
    const [r] = await this.read<{ sessions: number; users: number }>(
      // A family with two live rows (a refresh made again within its grace) is one session.
      sql`SELECT count(DISTINCT family_id)::int AS sessions, count(DISTINCT user_id)::int AS users FROM sessions
          WHERE revoked_at IS NULL AND rotated_at IS NULL AND access_expires_at > now()`,
    );
    const sockets = (await this.metrics.values('boss_websocket_connections')).reduce((s, v) => s + v.value, 0);
    return { sessions: Number(r?.sessions ?? 0), users: Number(r?.users ?? 0), sockets };
  }

  private async channelHealth(): Promise<MonitorOverview['channel']> {
    const [pending, oldest] = await Promise.all([this.metrics.value('boss_channel_pending_orders'), this.metrics.value('boss_channel_oldest_pending_seconds')]);
    const [r] = await this.read<{ ok: number; failed: number }>(
      sql`SELECT (count(*) FILTER (WHERE status = 'succeeded'))::int AS ok, (count(*) FILTER (WHERE status = 'failed'))::int AS failed
          FROM channel_orders WHERE created_at > now() - interval '1 hour'`,
    );
    const channel = this.channel();
    const inFlight = (channel as { inFlightCount?: number } | undefined)?.inFlightCount ?? 0;
    return {
      name: channel?.name ?? 'simulator',
      pending,
      oldestPendingSeconds: Math.round(oldest),
      succeededLastHour: Number(r?.ok ?? 0),
      failedLastHour: Number(r?.failed ?? 0),
      inFlight,
      // The simulator answers within seconds; an order waiting two minutes means callbacks are stuck.
      healthy: oldest < 120,
    };
  }
}
