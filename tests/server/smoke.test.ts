import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('smoke on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => t?.close());

  it('logs in', async () => {
    const r = await login(t.app, 'admin');
    expect(r.token).toBeTruthy();
    const res = await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token: r.token });
    expect(res.statusCode).toBe(200);
  });
});
