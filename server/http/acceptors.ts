// More than one accept a turn (issue 15 §2). libuv accepts one connection per listening handle per
// turn of the event loop (libuv PR #3696, Node 18 and later), and a turn serves every request that
// arrived on the connections already open: while the process is busy, a burst of new connections is
// accepted one per turn, and the last of a hundred waited seconds before the app saw its first
// request (bench/trace-report.ts, bench/probe-accept.ts). Node 22.12's `reusePort` would give several
// listening sockets; on Node 20 the same socket is listened on through several file descriptors:
// each is its own handle, each accepts one connection a turn, and the kernel's queue is one.
//
// A descriptor is duplicated by sending the listening handle to a short-lived child over Node's IPC
// channel and taking it back (SCM_RIGHTS makes a new descriptor on each crossing); the child never
// listens on it (a raw handle, not a server, crosses), so no connection can land there. The extra
// handles hand what they accept to the HTTP server, as Node's own cluster workers do.
import { fork } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ECHO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'acceptorEcho.cjs');
/** Handles besides the server's own in production (BOSS_ACCEPTORS): a burst of a hundred new connections is accepted in about three turns. */
export const DEFAULT_ACCEPTORS = 32;
/** Past this a widening that did not finish is given up (the server keeps its one handle). */
const WIDEN_TIMEOUT_MS = 10_000;

/** The options a net.Server copies onto every socket it accepts (http.Server sets them). */
interface ServerSocketOptions {
  allowHalfOpen?: boolean;
  noDelay?: boolean;
  keepAlive?: boolean;
  keepAliveInitialDelay?: number;
  pauseOnConnect?: boolean;
}

export class Acceptors {
  private extra: net.Server[] = [];
  private closed = false;

  /** `count` handles besides the server's own (0: none). */
  constructor(
    private readonly server: net.Server,
    private readonly count: number,
  ) {}

  /** Handles listening besides the server's own. */
  get size(): number {
    return this.extra.length;
  }

  /** Once the server listens: adds the extra handles; resolves with how many (a failure leaves none). */
  async widen(): Promise<number> {
    const own = (this.server as unknown as { _handle?: { fd?: number } })._handle;
    if (this.count <= 0 || this.closed || !own || typeof own.fd !== 'number' || own.fd < 0) return 0;
    const handles = await duplicate(own, this.count);
    const opts = this.server as unknown as ServerSocketOptions;
    for (const handle of handles) {
      if (this.closed) {
        (handle as { close?: () => void }).close?.();
        continue;
      }
      const acceptor = net.createServer({
        allowHalfOpen: opts.allowHalfOpen,
        noDelay: opts.noDelay,
        keepAlive: opts.keepAlive,
        keepAliveInitialDelay: opts.keepAliveInitialDelay,
        pauseOnConnect: opts.pauseOnConnect,
      });
      acceptor.on('connection', (socket) => this.server.emit('connection', socket));
      // A descriptor that fails (closed under it) takes itself out; the server's own keeps listening.
      acceptor.on('error', () => this.drop(acceptor));
      acceptor.listen(handle);
      this.extra.push(acceptor);
    }
    return this.extra.length;
  }

  private drop(acceptor: net.Server): void {
    this.extra = this.extra.filter((a) => a !== acceptor);
    acceptor.close();
  }

  /** Stops accepting on the extra handles (before the server closes: no connection lands after). */
  close(): void {
    this.closed = true;
    for (const a of this.extra) a.close();
    this.extra = [];
  }
}

/** `count` new descriptors of the listening handle, through a child that sends each back. */
function duplicate(handle: object, count: number): Promise<object[]> {
  return new Promise((resolve, reject) => {
    const got: object[] = [];
    const child = fork(ECHO, [], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'json' });
    const done = (err: Error | null) => {
      clearTimeout(timer);
      child.removeAllListeners();
      child.kill();
      if (err) {
        for (const h of got) (h as { close?: () => void }).close?.();
        reject(err);
      } else resolve(got);
    };
    const timer = setTimeout(() => done(new Error('the acceptor child did not answer')), WIDEN_TIMEOUT_MS);
    child.on('error', done);
    child.on('exit', (code) => got.length < count && done(new Error(`the acceptor child exited (${code})`)));
    child.on('message', (_m, h) => {
      if (h) got.push(h);
      if (got.length === count) done(null);
    });
    for (let i = 0; i < count; i++) child.send('handle', handle as net.Server);
  });
}
