// Shared set-up of the socket suites (the notification socket, the live-grid socket): the app of a
// backend listening on a real port with demo users signed in, sockets that record every message and
// their close, and waiting for a message to arrive.
import WebSocket from 'ws';
import { API_BASE } from '../../../contract/constants';
import type { BossApp } from '../../../server/app';
import { login, startApp, type BackendName, type TestApp } from '../helpers';

export interface SocketClose {
  code: number;
  reason: string;
}

/** A client socket with every message it received (parsed JSON) and its close. */
export interface Sock<M> {
  ws: WebSocket;
  messages: M[];
  closed: Promise<SocketClose>;
}

/** Starts `app` listening on a free port of 127.0.0.1; answers the ws:// address of the socket at `path` under the API. */
export async function listen(app: BossApp, path: string): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${addr.port}${API_BASE}${path}`;
}

/** The app of `backend` listening (the socket at `path`), and a token of each of `users` (signed in). */
export async function socketApp(backend: BackendName, path: string, users: string[]): Promise<{ t: TestApp; base: string; tok: Record<string, string> }> {
  const t = await startApp(backend);
  const base = await listen(t.app, path);
  const tok: Record<string, string> = {};
  for (const u of users) tok[u] = (await login(t.app, u)).token;
  return { t, base, tok };
}

/** Opens a socket at `url` that records its messages and its close (it may still be connecting). */
export function openSocket<M>(url: string): Sock<M> {
  const ws = new WebSocket(url);
  const messages: M[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as M));
  const closed = new Promise<SocketClose>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return { ws, messages, closed };
}

/** The socket once it is open; a connection error rejects. */
export function whenOpen<M>(s: Sock<M>): Promise<Sock<M>> {
  return new Promise((resolve, reject) => {
    s.ws.once('open', () => resolve(s));
    s.ws.once('error', reject);
  });
}

/** Polls `fn` until it answers something (a message that arrived); an error after `ms`. */
export async function waitFor<T>(fn: () => T | undefined, ms = 2000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
