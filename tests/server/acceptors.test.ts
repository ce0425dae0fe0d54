// Extra listening handles of one socket (server/http/acceptors.ts, issue 15 §2): a busy event loop
// accepts one connection per handle per turn, so a burst of new connections is accepted in a few
// turns, not one turn each; every connection is served as by the server's own handle; a close stops
// every handle (the port refuses), and a failure to add them leaves the server on its own.
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Acceptors } from '../../server/http/acceptors';
import { API_BASE } from '../../contract/constants';
import { ADMIN_P } from '../../contract/api/admin';
import { startApp, type TestApp } from './helpers';

const listening = (server: net.Server) => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port)));

/**
 * Opens `n` connections while the event loop is blocked, so all of them wait in the kernel's queue,
 * then counts in how many turns of the loop the server accepted them (a turn: one setImmediate).
 */
async function turnsToAccept(server: http.Server, port: number, n: number): Promise<number> {
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  const seen: number[] = [];
  const onConnection = () => seen.push(turn);
  server.on('connection', onConnection);
  const clients = Array.from({ length: n }, () => net.connect(port, '127.0.0.1'));
  // The kernel completes the handshakes while this turn holds the loop.
  const until = performance.now() + 100;
  while (performance.now() < until);
  setImmediate(tick);
  while (seen.length < n) await new Promise((r) => setTimeout(r, 5));
  ticking = false;
  server.off('connection', onConnection);
  for (const c of clients) c.destroy();
  return new Set(seen).size;
}

describe('extra listening handles', () => {
  it('accept a burst in a few turns where one handle takes a turn per connection', async () => {
    const server = http.createServer((_q, res) => res.end('ok'));
    const port = await listening(server);
    // libuv's own behaviour, the reason for the handles: one connection a turn.
    expect(await turnsToAccept(server, port, 12)).toBe(12);
    const acceptors = new Acceptors(server, 5);
    expect(await acceptors.widen()).toBe(5);
    // Six handles: twelve connections in two or three turns.
    expect(await turnsToAccept(server, port, 12)).toBeLessThanOrEqual(3);
    acceptors.close();
    server.close();
  });

  it('add nothing when asked for none or when the server does not listen', async () => {
    const server = http.createServer();
    expect(await new Acceptors(server, 0).widen()).toBe(0);
    expect(await new Acceptors(server, 3).widen()).toBe(0);
  });
});

describe('the app on extra handles', () => {
  let t: TestApp | undefined;
  afterAll(async () => t?.close());

  it('serves every new connection, and refuses connections once closed', async () => {
    t = await startApp('pglite', { acceptors: 4 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(await t.app.acceptors.widened).toBe(4);
    expect(t.app.acceptors.handles.size).toBe(4);
    const port = (t.app.server.address() as net.AddressInfo).port;
    // Forty requests on forty connections of their own, all at once: each answered in full (by the
    // guard: no token).
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`http://127.0.0.1:${port}${API_BASE}${ADMIN_P.userList}`, { headers: { connection: 'close' } }).then(async (r) => ({
          status: r.status,
          body: await r.text(),
        })),
      ),
    );
    for (const a of answers) expect(a).toMatchObject({ status: 401, body: expect.stringContaining('"success":false') });
    await t.app.close();
    // No handle of the socket is left listening: a new connection is refused, not queued.
    const refused = await new Promise<string>((resolve) => {
      const c = net.connect(port, '127.0.0.1');
      c.once('connect', () => {
        c.destroy();
        resolve('connected');
      });
      c.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    t = undefined;
  });
});
