// Issue 13 §4: no log line carries an access token or a password. The lines of a sign-in, a
// request with X-Access-Token, a refused sign-in and a real notification socket connect with
// ?token= are captured from the app's logger and searched for the secrets.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MP } from '../../contract/api/message';
import { API_BASE } from '../../contract/constants';
import { encodePassword } from '../../contract/crypto';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { redactUrl } from '../../server/lib/logRedaction';
import { BACKENDS, call, login, startApp, until, type TestApp } from './helpers';

describe('redactUrl', () => {
  it('replaces the values of credential query parameters only', () => {
    expect(redactUrl('/jeecg-boot/websocket?token=abc.def&tenantId=1')).toBe('/jeecg-boot/websocket?token=[redacted]&tenantId=1');
    expect(redactUrl('/x?X-Access-Token=abc&password=p&page=2&newPassword=q')).toBe(
      '/x?X-Access-Token=[redacted]&password=[redacted]&page=2&newPassword=[redacted]',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x/list?pageNo=1')).toBe('/x/list?pageNo=1');
  });
});

describe.each(BACKENDS)('log lines (%s)', (backend) => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await startApp(backend, { logger: { level: 'info', stream } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('hold no token or password after a sign-in, an authenticated call and a socket connect with ?token=', async () => {
    const session = await login(t.app, 'admin');
    expect(session.token.length).toBeGreaterThan(16);
    await call(t.app, 'GET', '/sys/user/list', undefined, { token: session.token, query: { pageNo: '1', token: session.token } });
    await call(t.app, 'POST', '/sys/login', { username: 'admin', password: encodePassword('Wr0ng!pass') }, { signed: true, ip: '10.77.0.1' });

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    const ws = new WebSocket(`ws://127.0.0.1:${addr.port}${API_BASE}${MP.socket}?token=${encodeURIComponent(session.token)}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.close();
    await new Promise((r) => setTimeout(r, 200));

    const all = lines.join('\n');
    expect(all).toContain(`${MP.socket}?token=[redacted]`);
    expect(all).toContain('/sys/login');
    for (const secret of [
      session.token,
      encodeURIComponent(session.token),
      DEMO_PASSWORD,
      encodePassword(DEMO_PASSWORD),
      'Wr0ng!pass',
      encodePassword('Wr0ng!pass'),
    ])
      expect(all).not.toContain(secret);
  });

  it('writes one line per request, when it has answered: method, URL, status and time (issue 15 §3)', async () => {
    const session = await login(t.app, 'admin');
    const before = lines.length;
    await call(t.app, 'GET', '/sys/user/list', undefined, { token: session.token, query: { pageNo: '1', marker: 'one-line' } });
    const mine = () => lines.slice(before).filter((l) => l.includes('marker=one-line'));
    // Written once the reply has gone out, which can be a moment after inject() resolves.
    await until('the request line', async () => mine().length > 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(mine()).toHaveLength(1);
    const line = JSON.parse(mine()[0]) as {
      msg: string;
      reqId: string;
      req: { method: string; url: string };
      res: { statusCode: number };
      responseTime: number;
    };
    expect(line.msg).toBe('request completed');
    expect(line.req.method).toBe('GET');
    expect(line.res.statusCode).toBe(200);
    expect(line.responseTime).toBeGreaterThan(0);
    expect(line.reqId).toBeTruthy();
  });

  it('redacts credential fields of any object logged', async () => {
    t.app.log.info({ body: { username: 'admin', password: 'P@ss-in-object' }, token: 'tok-in-object' }, 'an object with secrets');
    const line = lines.find((l) => l.includes('an object with secrets'))!;
    expect(line).toContain('admin');
    expect(line).not.toContain('P@ss-in-object');
    expect(line).not.toContain('tok-in-object');
  });
});
