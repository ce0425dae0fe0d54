// 系统监控 (issue 19 §3): the administrator's view of the system's health, built on the figures of
// GET /metrics (server/lib/metrics.ts): processes, requests by route over the last hour, the
// database, scheduled jobs, online users and the channel simulator.

export const MONITOR_P = { overview: '/sys/monitor/overview' } as const;
export const MONITOR_PERMS = { view: 'system:monitor:view' } as const;
/**
 * The page reloads when a server process says its figures changed (a live notice of this kind, at most
 * every MONITOR_PUSH_MS per process); it also asks again every MONITOR_REFRESH_MS, for what changes
 * with time alone (a process that stopped beating is gone after PROCESS_GONE_MS).
 */
export const MONITOR_LIVE_KIND = 'monitor';
export const MONITOR_PUSH_MS = 1000;
export const MONITOR_REFRESH_MS = 30_000;
/** A process whose last heartbeat is older than this has gone. */
export const PROCESS_GONE_MS = 30_000;
export const NOT_SUPPORTED = '不支持';

export interface MonitorProcess {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  beatAt: string;
  /** This process answered the call. */
  self: boolean;
  alive: boolean;
  rssBytes: number;
  heapUsedBytes: number;
  loopLagMs: number;
  /** Requests answered in the last hour. */
  requestsLastHour: number;
}

export interface MonitorRoute {
  route: string;
  count: number;
  errors: number;
  /** errors / count, 0..1 (answers with status ≥ 500). */
  errorRate: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface MonitorStatement {
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
}

export interface MonitorDatabase {
  engine: 'postgresql' | 'pglite';
  sizeBytes: number | null;
  /** Connections to this database (pg_stat_activity); null where not supported. */
  connections: number | null;
  activeConnections: number | null;
  /** This process's pool. */
  poolTotal: number;
  poolIdle: number | null;
  poolWaiting: number | null;
  /** Slowest statements by mean time; null with a reason when pg_stat_statements is absent. */
  statements: MonitorStatement[] | null;
  statementsNote: string | null;
}

export interface MonitorJob {
  id: string;
  jobName: string;
  status: string;
  lastRunAt: string | null;
  lastStatus: string | null;
  lastDurationMs: number | null;
  lastError: string | null;
  runs24h: number;
  failures24h: number;
  nextFireTime: string | null;
}

export interface MonitorOverview {
  at: string;
  processes: MonitorProcess[];
  /** Every live process's last hour summed (the heartbeat rows), slowest p95 first. */
  routes: MonitorRoute[];
  requestsLastHour: number;
  errorsLastHour: number;
  database: MonitorDatabase;
  jobs: MonitorJob[];
  online: { sessions: number; users: number; sockets: number };
  channel: {
    name: string;
    /** Orders waiting for the channel's callback (every process). */
    pending: number;
    oldestPendingSeconds: number;
    succeededLastHour: number;
    failedLastHour: number;
    /** Deliveries this process's simulator holds in flight. */
    inFlight: number;
    healthy: boolean;
  };
}
