// 系统监控 (issue 19 §3): GET /sys/monitor/overview answers the processes (this one and, on
// PostgreSQL, a second one on the same database through its heartbeat row), the last hour's requests
// by route with percentiles and error rates, the database, jobs, online users and the channel; only
// platform administrators see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_LIVE_KIND, MONITOR_P, NOT_SUPPORTED, type MonitorOverview } from '../../contract/api/monitor';
import { quantileMs, RequestWindow } from '../../server/lib/requestWindow';
import { brokerOf, TOPIC_CHANNELS } from '../../server/realtime/broker';
import { monitorAudience, parseLiveNotice, type Notice } from '../../server/realtime/liveFeed';
import { BACKENDS, call, login, startApp, startPeerApp, type TestApp } from './helpers';

describe('the request window', () => {
  it('keeps the last hour by route, with percentiles from its buckets', () => {
    let now = Date.UTC(2026, 0, 1, 9, 0, 0);
    const w = new RequestWindow(() => now);
    for (let i = 0; i < 98; i++) w.record('GET /a', 200, 4);
    w.record('GET /a', 500, 800);
    w.record('GET /a', 200, 800);
    const a = w.snapshot()['GET /a'];
    expect(a).toMatchObject({ n: 100, err: 1 });
    expect(quantileMs(a, 0.5)).toBeGreaterThan(3);
    expect(quantileMs(a, 0.5)).toBeLessThanOrEqual(5);
    expect(quantileMs(a, 0.99)).toBeGreaterThan(750);
    now += 61 * 60_000;
    expect(w.snapshot()['GET /a']).toBeUndefined();
  });

  it('counts changes outside its quiet routes', () => {
    const w = new RequestWindow();
    w.quiet.add('GET /page');
    w.record('GET /page', 200, 1);
    expect(w.changes).toBe(0);
    w.record('GET /a', 200, 1);
    expect(w.changes).toBe(1);
    expect(w.snapshot()['GET /page'].n).toBe(1);
  });

  it('tells only viewers of the tenant who may view monitoring, never a customer-side user', async () => {
    const n: Notice = { kind: MONITOR_LIVE_KIND, id: 'p', tenant: '0', status: '' };
    const allows = async (userId: string) => userId === 'u-admin' || userId === 'u-cus';
    expect(await monitorAudience({ userId: 'u-admin', tenantId: '0', cusCode: null }, n, allows)).toBe(true);
    expect(await monitorAudience({ userId: 'u-operator', tenantId: '0', cusCode: null }, n, allows)).toBe(false);
    expect(await monitorAudience({ userId: 'u-admin', tenantId: '1', cusCode: null }, n, allows)).toBe(false);
    expect(await monitorAudience({ userId: 'u-cus', tenantId: '0', cusCode: 'C0001' }, n, allows)).toBe(false);
  });
});

describe.each(BACKENDS)('系统监控 on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });
  const overview = async (token = admin) => {
    const res = await call(t.app, 'GET', MONITOR_P.overview, undefined, { token });
    return { status: res.statusCode, body: res.json() as { success: boolean; result: MonitorOverview } };
  };

  it('answers every figure, and counts a request made in its route', async () => {
    const route = 'GET /boss-admin/sys/user/queryById';
    const before = (await overview()).body.result.routes.find((r) => r.route === route)?.count ?? 0;
    for (const id of ['u-admin', 'u-operator']) await call(t.app, 'GET', '/sys/user/queryById', undefined, { token: admin, query: { id } });
    const { status, body } = await overview();
    expect(status).toBe(200);
    const o = body.result;
    const r = o.routes.find((x) => x.route === route);
    expect(r?.count).toBe(before + 2);
    expect(r?.errorRate).toBe(0);
    expect(r!.p50Ms).toBeGreaterThan(0);
    expect(r!.p99Ms).toBeGreaterThanOrEqual(r!.p50Ms);
    expect(o.requestsLastHour).toBeGreaterThanOrEqual(3);
    // This process, alive, with its own figures.
    const self = o.processes.find((p) => p.self);
    expect(self).toMatchObject({ alive: true, pid: process.pid });
    expect(self!.rssBytes).toBeGreaterThan(0);
    expect(self!.loopLagMs).toBeGreaterThanOrEqual(0);
    expect(self!.requestsLastHour).toBeGreaterThanOrEqual(3);
    // The database: its size everywhere; connections and statements on PostgreSQL only.
    expect(o.database.sizeBytes).toBeGreaterThan(0);
    if (backend === 'pglite') {
      expect(o.database).toMatchObject({ engine: 'pglite', connections: null, statements: null, statementsNote: NOT_SUPPORTED });
    } else {
      expect(o.database.engine).toBe('postgresql');
      expect(o.database.connections).toBeGreaterThanOrEqual(1);
      if (!o.database.statements) expect(o.database.statementsNote).toBeTruthy();
    }
    // Jobs with their last run and failures of the last 24 hours.
    const [job] = await t.sql<{ id: string }>('SELECT id FROM jobs ORDER BY id LIMIT 1');
    await t.sql(
      `INSERT INTO job_runs (id, job_id, fire_time, started_at, finished_at, duration_ms, status, error, trigger, node_id)
       VALUES ('run-mon-1', $1, now(), now() - interval '2 minutes', now(), 12, 'failed', 'boom', 'manual', 'n'),
              ('run-mon-2', $1, now(), now() - interval '1 minute', now(), 7, 'success', null, 'manual', 'n'),
              ('run-mon-3', $1, now(), now() - interval '2 days', now(), 7, 'failed', 'old', 'manual', 'n')`,
      [job.id],
    );
    const j = (await overview()).body.result.jobs.find((x) => x.id === job.id);
    expect(j).toMatchObject({ lastStatus: 'success', lastDurationMs: 7, runs24h: 2, failures24h: 1 });
    // Online users: the administrator's session at least.
    expect(o.online.sessions).toBeGreaterThanOrEqual(1);
    expect(o.online.users).toBeGreaterThanOrEqual(1);
    // A sign-in whose refresh was made again (its first answer lost) is one session, as 在线用户 shows it.
    const onlineBefore = (await overview()).body.result.online.sessions;
    const ap = await login(t.app, 'approver');
    for (let i = 0; i < 2; i++)
      expect((await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: ap.refreshToken }, { signed: true })).statusCode).toBe(200);
    expect((await overview()).body.result.online.sessions).toBe(onlineBefore + 1);
    expect(o.channel).toMatchObject({ name: 'simulator', pending: 0, healthy: true });
  });

  it('publishes a live notice within a second or two of a request, and none for the page’s own calls', async () => {
    const heard: number[] = [];
    brokerOf(t.database.db)!.onTopic(TOPIC_CHANNELS.live, (payload) => {
      const n = payload && parseLiveNotice(payload);
      if (n && n.kind === MONITOR_LIVE_KIND && n.tenant === '0') heard.push(Date.now());
    });
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await wait(1500); // what came before settles
    heard.length = 0;
    // The page's own calls change nothing worth a notice (else every reload would trigger the next).
    for (let i = 0; i < 3; i++) await overview();
    await wait(2200);
    expect(heard).toEqual([]);
    const at = Date.now();
    await call(t.app, 'GET', '/sys/user/queryById', undefined, { token: admin, query: { id: 'u-admin' } });
    for (let waited = 0; !heard.length && waited < 3000; waited += 50) await wait(50);
    expect(heard.length).toBe(1);
    expect(heard[0] - at).toBeLessThan(2000);
    // The heartbeat was written before the notice: another process's overview reads the request.
    const [row] = await t.sql<{ total: string }>('SELECT requests_total::text AS total FROM process_heartbeats ORDER BY beat_at DESC LIMIT 1');
    expect(Number(row.total)).toBeGreaterThan(0);
  });

  it('counts server errors in the error rate', async () => {
    const o = (await overview()).body.result;
    for (const r of o.routes) expect(r.errorRate).toBeCloseTo(r.count ? r.errors / r.count : 0);
  });

  it('refuses roles without the code (403), tenants other than the platform, and strangers (401)', async () => {
    const operator = (await login(t.app, 'operator')).token;
    expect((await overview(operator)).status).toBe(403);
    await t.sql(
      "INSERT INTO role_permissions (role_id, permission_id) SELECT r.id, 'b-monitor-view' FROM roles r WHERE r.role_code = 'customer' ON CONFLICT DO NOTHING",
    );
    const customer = (await login(t.app, 'customer')).token;
    const res = await overview(customer);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('processes');
    expect((await call(t.app, 'GET', MONITOR_P.overview, undefined, { token: '' })).statusCode).toBe(401);
  });

  it.runIf(backend === 'postgres')('shows a second process on the same database, and it as gone when its heartbeat stops', async () => {
    const peer = await startPeerApp(t);
    try {
      const peerAdmin = (await login(peer.app, 'admin')).token;
      await call(peer.app, 'GET', '/sys/user/queryById', undefined, { token: peerAdmin, query: { id: 'u-admin' } });
      // The peer's own view beats its row with the request counted.
      const fromPeer = (await call(peer.app, 'GET', MONITOR_P.overview, undefined, { token: peerAdmin })).json().result as MonitorOverview;
      const peerId = fromPeer.processes.find((p) => p.self)!.id;
      const o = (await overview()).body.result;
      const alive = o.processes.filter((p) => p.alive);
      expect(alive.length).toBeGreaterThanOrEqual(2);
      const seen = o.processes.find((p) => p.id === peerId);
      expect(seen).toMatchObject({ self: false, alive: true });
      expect(seen!.requestsLastHour).toBeGreaterThanOrEqual(2);
      await t.sql("UPDATE process_heartbeats SET beat_at = now() - interval '31 seconds' WHERE id = $1", [peerId]);
      expect((await overview()).body.result.processes.find((p) => p.id === peerId)).toMatchObject({ alive: false });
    } finally {
      await peer.close();
    }
  });
});
