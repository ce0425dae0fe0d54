// Sessions and request integrity: the token guard (missing, unknown, expired, revoked), refresh
// rotation and reuse, logout, the request signature, malformed and oversized bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRE_MSG } from '../../contract/api/wire';
import { API_BASE, HEADER_SIGN, HEADER_TIMESTAMP, HEADER_TOKEN } from '../../contract/constants';
import { encodePassword, signRequest, signTimestamp } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import { REFRESH_REUSE_GRACE_MS } from '../../server/modules/session/service';
import { BACKENDS, call, freshIp, login, signatureHeaders, startApp, type TestApp } from './helpers';

const RESOURCES = '/cap/auth/v1/UserResourceListInquiry';
const DICT_ALL = '/sys/dict/queryAllDictItems';

describe.each(BACKENDS)('sessions and request integrity on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => t?.close());

  describe('token guard', () => {
    it('missing token → 401 tokenMissing, in the envelope of the path family', async () => {
      const cap = await call(t.app, 'GET', RESOURCES);
      expect(cap.statusCode).toBe(401);
      expect(cap.json()).toEqual({ status: { success: false, replyCode: '401', replyText: MSG.tokenMissing, errorMsg: MSG.tokenMissing }, body: {} });
      const sys = await call(t.app, 'GET', DICT_ALL);
      expect(sys.statusCode).toBe(401);
      expect(sys.json()).toMatchObject({ success: false, code: 401, message: MSG.tokenMissing, result: null });
    });

    it('unknown token → 401 tokenInvalid', async () => {
      const res = await call(t.app, 'GET', DICT_ALL, undefined, { token: 'made-up' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.tokenInvalid);
    });

    it('expired access token → 401 with exactly the text the client refreshes on', async () => {
      const r = await login(t.app, 'operator');
      await t.sql("UPDATE sessions SET access_expires_at = now() - interval '1 minute' WHERE user_id = 'u-operator' AND revoked_at IS NULL");
      const sys = await call(t.app, 'GET', DICT_ALL, undefined, { token: r.token });
      expect(sys.statusCode).toBe(401);
      expect(sys.json().message).toBe(MSG.accessTokenExpired);
      expect(MSG.accessTokenExpired).toBe('Access token has expired');
      const cap = await call(t.app, 'GET', RESOURCES, undefined, { token: r.token });
      expect(cap.statusCode).toBe(401);
      expect(cap.json().status).toMatchObject({ replyText: MSG.accessTokenExpired, errorMsg: MSG.accessTokenExpired });
      // The refresh token still works and yields a usable access token.
      const ref = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true });
      expect(ref.statusCode).toBe(200);
      expect((await call(t.app, 'GET', RESOURCES, undefined, { token: ref.json().body.accessToken })).statusCode).toBe(200);
    });

    it('logout revokes the session: the token is refused afterwards', async () => {
      const r = await login(t.app, 'admin');
      const out = await call(t.app, 'GET', '/cap/auth/v1/UserLogout', undefined, { token: r.token });
      expect(out.statusCode).toBe(200);
      expect(out.json().status.success).toBe(true);
      const after = await call(t.app, 'GET', RESOURCES, undefined, { token: r.token });
      expect(after.statusCode).toBe(401);
      expect(after.json().status.replyText).toBe(MSG.tokenInvalid);
      const ref = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true });
      expect(ref.statusCode).toBe(401);
    });
  });

  describe('refresh', () => {
    it('rotates both tokens; the old access token is answered as expired, so a client refreshes', async () => {
      const r = await login(t.app, 'admin');
      const res = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true });
      expect(res.statusCode).toBe(200);
      const { status, body } = res.json();
      expect(status.success).toBe(true);
      expect(body.accessToken).not.toBe(r.token);
      expect(body.refreshToken).not.toBe(r.refreshToken);
      const old = await call(t.app, 'GET', RESOURCES, undefined, { token: r.token });
      expect([old.statusCode, old.json().status.replyText]).toEqual([401, MSG.accessTokenExpired]);
      expect((await call(t.app, 'GET', RESOURCES, undefined, { token: body.accessToken })).statusCode).toBe(200);
    });

    // The rotation's answer was lost (the page reloaded mid-refresh): the client holds only the
    // rotated pair, and presents it again within seconds.
    it('a rotated refresh token presented again within the grace gets a fresh pair of its family', async () => {
      const r = await login(t.app, 'admin');
      const lost = (await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true })).json().body;
      const again = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true });
      expect(again.statusCode).toBe(200);
      const pair = again.json().body;
      expect(pair.accessToken).not.toBe(lost.accessToken);
      expect((await call(t.app, 'GET', RESOURCES, undefined, { token: pair.accessToken })).statusCode).toBe(200);
      // Another tab may have received the first answer: its pair keeps working too.
      expect((await call(t.app, 'GET', RESOURCES, undefined, { token: lost.accessToken })).statusCode).toBe(200);
      const families = await t.sql<{ n: number }>(
        `SELECT count(DISTINCT family_id)::int AS n FROM sessions WHERE access_token_hash IN (SELECT access_token_hash FROM sessions WHERE user_id = 'u-admin' AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 2)`,
      );
      expect(families[0].n).toBe(1);
      // Logout ends the family; the rotated token cannot bring it back, even within the grace.
      expect((await call(t.app, 'GET', '/cap/auth/v1/UserLogout', undefined, { token: pair.accessToken })).statusCode).toBe(200);
      const afterLogout = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true });
      expect([afterLogout.statusCode, afterLogout.json().status.replyText]).toEqual([401, MSG.refreshReused]);
      expect((await call(t.app, 'GET', RESOURCES, undefined, { token: lost.accessToken })).statusCode).toBe(401);
      const loggedOut = await call(t.app, 'GET', RESOURCES, undefined, { token: pair.accessToken });
      expect(loggedOut.json().status.replyText).toBe(MSG.tokenInvalid);
    });

    it('two refreshes of one token at the same moment both get a pair of the family', async () => {
      const r = await login(t.app, 'admin');
      const both = await Promise.all([0, 1].map(() => call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true })));
      expect(both.map((x) => x.statusCode)).toEqual([200, 200]);
      for (const x of both) expect((await call(t.app, 'GET', RESOURCES, undefined, { token: x.json().body.accessToken })).statusCode).toBe(200);
    });

    it('reuse of a rotated refresh token after the grace revokes the whole family', async () => {
      const r = await login(t.app, 'admin');
      const first = (await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true })).json().body;
      await t.sql(
        `UPDATE sessions SET rotated_at = now() - interval '${REFRESH_REUSE_GRACE_MS + 1000} milliseconds' WHERE user_id = 'u-admin' AND rotated_at IS NOT NULL`,
      );
      const reuse = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().status).toMatchObject({ success: false, replyText: MSG.refreshReused, errorMsg: MSG.refreshReused });
      // The pair issued by the legitimate rotation is dead too.
      expect((await call(t.app, 'GET', RESOURCES, undefined, { token: first.accessToken })).statusCode).toBe(401);
      expect((await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: first.refreshToken }, { signed: true })).statusCode).toBe(401);
    });

    it('refuses an unknown or expired refresh token, and a missing one with a message', async () => {
      const unknown = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: 'nope' }, { signed: true });
      expect(unknown.statusCode).toBe(401);
      const r = await login(t.app, 'approver');
      await t.sql("UPDATE sessions SET refresh_expires_at = now() - interval '1 second' WHERE user_id = 'u-approver' AND revoked_at IS NULL");
      const expired = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: r.refreshToken }, { signed: true });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().status.replyText).toBe(WIRE_MSG.refreshExpired);
      const missing = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', {}, { signed: true });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().status.errorMsg).toBeTruthy();
    });

    it('accepts the business envelope around the fields (page, context)', async () => {
      const r = await login(t.app, 'admin');
      const body = { page: { pageSize: 10, pageNum: 1 }, context: { channel: 'web', tenantId: '0' }, refreshToken: r.refreshToken };
      const res = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', body, { signed: true });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('signature', () => {
    const body = { username: 'admin', password: encodePassword('Demo@2026') };
    const post = (headers: Record<string, string>, payload: unknown = body) =>
      t.app.inject({ method: 'POST', url: `${API_BASE}/sys/login`, payload: payload as object, headers, remoteAddress: freshIp() });

    it('missing → 400 signMissing', async () => {
      const res = await post({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MSG.signMissing });
      const onlySign = await post({ [HEADER_SIGN]: signRequest({}, body) });
      expect(onlySign.json().message).toBe(MSG.signMissing);
    });

    it('wrong signature → 400 signBad; a tampered body too', async () => {
      const res = await post({ [HEADER_SIGN]: 'ABCDEF', [HEADER_TIMESTAMP]: signTimestamp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.signBad);
      const tampered = await post(signatureHeaders(body), { ...body, username: 'operator' });
      expect(tampered.json().message).toBe(MSG.signBad);
    });

    it('stale or malformed timestamp → 400 signStale', async () => {
      const old = await post(signatureHeaders(body, {}, new Date(Date.now() - 6 * 60 * 1000)));
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe(MSG.signStale);
      const future = await post(signatureHeaders(body, {}, new Date(Date.now() + 6 * 60 * 1000)));
      expect(future.json().message).toBe(MSG.signStale);
      const bad = await post({ [HEADER_SIGN]: signRequest({}, body), [HEADER_TIMESTAMP]: '2026-01-01' });
      expect(bad.json().message).toBe(MSG.signStale);
    });

    it('within the window, and with query parameters merged in, passes', async () => {
      const fourMin = await post(signatureHeaders(body, {}, new Date(Date.now() - 4 * 60 * 1000)));
      expect(fourMin.statusCode).toBe(200);
      const query = { _t: '1700000000' };
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/sys/login`,
        query,
        payload: body,
        headers: signatureHeaders(body, query),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
    });

    it('the cap envelope carries the signature errors in status', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${API_BASE}/cap/auth/v1/RefreshToken`, payload: { refreshToken: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toMatchObject({ success: false, replyText: MSG.signMissing, errorMsg: MSG.signMissing });
    });
  });

  describe('malformed requests never get a 500', () => {
    it('malformed JSON → 400 badJson', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/sys/login`,
        payload: '{"username": "admin",',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MSG.badJson });
      const cap = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/cap/auth/v1/TenantInquiry`,
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      });
      expect(cap.statusCode).toBe(400);
      expect(cap.json().status.replyText).toBe(MSG.badJson);
    });

    it('a body over 1 MB → 413 tooLarge', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/sys/login`,
        payload: JSON.stringify({ username: 'admin', password: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(MSG.tooLarge);
    });

    it('an unsupported content type → 415 with a message', async () => {
      const res = await t.app.inject({ method: 'POST', url: `${API_BASE}/sys/login`, payload: 'a=b', headers: { 'content-type': 'text/csv' } });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(MSG.badRequest);
    });

    it('an unknown API route → 404 http404 in the right envelope', async () => {
      const sys = await t.app.inject({ method: 'GET', url: `${API_BASE}/sys/nothing` });
      expect(sys.statusCode).toBe(404);
      expect(sys.json()).toMatchObject({ success: false, message: MSG.http404 });
      const cap = await t.app.inject({ method: 'POST', url: `${API_BASE}/cap/nothing/v1/X`, payload: {} });
      expect(cap.statusCode).toBe(404);
      expect(cap.json().status.replyText).toBe(MSG.http404);
    });

    it('the X-Access-Token header with odd content is a 401, not a 500', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${DICT_ALL}`, headers: { [HEADER_TOKEN]: 'x'.repeat(5000) } });
      expect(res.statusCode).toBe(401);
    });
  });
});
