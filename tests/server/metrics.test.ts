// GET /metrics (issue 19 §3): Prometheus text for a scraper holding METRICS_TOKEN, nothing without
// it; request counts and latency by route pattern (never the raw address), Node's own figures, the
// database pool, open sockets, job runs, the channel backlog and the ledger's postings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const TOKEN = 'scrape-token-0123456789';

/** The value of the series `name{labels…}` in a text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const m = /^([a-z_]+)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });
  it('serves no /metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('boss_http_requests_total');
  });
});

describe.each(BACKENDS)('/metrics with METRICS_TOKEN (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend, { metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a scraper without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('boss_');
    }
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const before = await scrape();
    const route = '/boss-admin/sys/user/queryById';
    const { token } = await login(t.app, 'admin');
    for (const id of ['u-admin', 'u-operator', 'nobody']) await call(t.app, 'GET', '/sys/user/queryById', undefined, { token, query: { id } });
    const after = await scrape();
    const count = (text: string, status: string) => sample(text, 'boss_http_requests_total', { method: 'GET', route, status }) ?? 0;
    // One series for the route whatever the id (no address in a label), and the 200s counted.
    expect(count(after, '200') - count(before, '200')).toBeGreaterThanOrEqual(2);
    expect(after).not.toContain('id=u-admin');
    expect(sample(after, 'boss_http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'boss_http_request_duration_seconds_bucket', { method: 'GET', route, status: '200', le: '+Inf' })).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'boss_http_requests_total', { method: 'POST', route: '/boss-admin/sys/login', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it("shows Node's figures, the pool, sockets, jobs, the channel backlog and the ledger", async () => {
    const text = await scrape();
    expect(sample(text, 'boss_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'boss_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'boss_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'boss_websocket_connections', { socket: 'notify' })).toBe(0);
    expect(sample(text, 'boss_websocket_connections', { socket: 'grid' })).toBe(0);
    expect(sample(text, 'boss_channel_pending_orders')).toBe(0);
    expect(sample(text, 'boss_channel_oldest_pending_seconds')).toBe(0);

    // A pending channel order, a run of a job and the demo ledger, as the database holds them.
    await t.sql(
      `INSERT INTO channel_orders (id, tenant_id, kind, account_id, amount, idempotency_key, request_hash, actor, created_at)
       SELECT 'co-metrics', '0', 'charge', id, 100, 'metrics-1', 'h', 'u-admin', now() - interval '90 seconds' FROM accounts LIMIT 1`,
    );
    await t.sql(`INSERT INTO jobs (id, job_name, handler, cron_expression, status) VALUES ('j-metrics', '指标测试任务', 'sampleJob', '0 0 2 * * ?', '-1')`);
    const job = { id: 'j-metrics', job_name: '指标测试任务' };
    await t.sql(
      `INSERT INTO job_runs (id, job_id, fire_time, started_at, status, trigger, node_id) VALUES ('jr-metrics', $1, now(), now(), 'failed', 'manual', 'n1')`,
      [job.id],
    );
    const [{ n }] = await t.sql<{ n: string }>('SELECT count(*) AS n FROM journal_entries');
    const next = await scrape();
    expect(sample(next, 'boss_channel_pending_orders')).toBe(1);
    expect(sample(next, 'boss_channel_oldest_pending_seconds')).toBeGreaterThanOrEqual(89);
    expect(sample(next, 'boss_job_runs_last_hour', { job: job.job_name, status: 'failed' })).toBe(1);
    expect(sample(next, 'boss_ledger_postings', { kind: 'entries' })).toBe(Number(n));
  });
});
