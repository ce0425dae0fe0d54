// The notification socket `${API_BASE}/websocket?token=` (spec §4): authenticates the access token
// like the HTTP guard, answers the client's 'HeartBeat', and delivers fan-outs from the broker to
// this process's sockets, and the database's live notices to the sockets allowed to see them
// (liveFeed.ts). A sweep closes sockets whose session was revoked or expired, whose user
// was frozen, or that went silent.
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { MSG } from '../../contract/messages';
import { MP, SOCKET_CLOSE, SOCKET_HEARTBEAT } from '../../contract/api/message';
import { NOTIFY_HEARTBEAT_TIMEOUT_MS } from '../../contract/constants';
import type { AppDeps } from '../context';
import { sessions, users } from '../db/schema';
import { AppError } from '../http/envelope';
import { sessionOfAccessToken } from '../modules/session/service';
import { groupsOf, userById } from '../modules/user/service';
import type { Broker, FanOut } from './broker';
import { wireLiveFeed, type Allows } from './liveFeed';

/** How often sessions are re-checked, and how long a silent socket may live (tests lower these). */
export const realtimeTuning = { sweepMs: 15_000, idleMs: NOTIFY_HEARTBEAT_TIMEOUT_MS * 3 };

/** Who a socket belongs to, as audience rules of live notices need it (server/realtime/liveFeed.ts). */
export interface SocketViewer {
  userId: string;
  tenantId: string;
  /** The customer a customer group's user is narrowed to (as the pay module's calls are); null for others. */
  cusCode: string | null;
}

interface Client extends SocketViewer {
  ws: WebSocket;
  sessionId: string;
  lastSeen: number;
}

export class NotifyHub {
  private clients = new Set<Client>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: AppDeps) {}

  get size(): number {
    return this.clients.size;
  }

  add(c: Client): void {
    this.clients.add(c);
    this.timer ??= setInterval(
      () => void this.sweep().catch((err: Error) => this.deps.log.warn({ err: err.message }, 'socket sweep failed')),
      realtimeTuning.sweepMs,
    );
  }

  remove(c: Client): void {
    this.clients.delete(c);
    if (!this.clients.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Sends a fan-out to the matching sockets of this process. */
  deliver(m: FanOut): number {
    const to = m.to === 'ALL' ? null : new Set(m.to);
    const text = JSON.stringify(m.message);
    let n = 0;
    for (const c of this.clients) {
      if (c.tenantId !== m.tenantId || (to && !to.has(c.userId))) continue;
      if (c.ws.readyState === c.ws.OPEN) {
        c.ws.send(text);
        n++;
      }
    }
    return n;
  }

  /**
   * Sends `message` to this process's open sockets of the tenant (null: every socket) whose viewer
   * passes `may`; a viewer is asked once even with several sockets. Returns how many got it.
   */
  async deliverWhere(tenantId: string | null, may: (viewer: SocketViewer) => Promise<boolean>, message: Record<string, unknown>): Promise<number> {
    const decided = new Map<string, Promise<boolean>>();
    const text = JSON.stringify(message);
    let n = 0;
    for (const c of [...this.clients]) {
      if (tenantId !== null && c.tenantId !== tenantId) continue;
      const key = `${c.userId}\u0000${c.tenantId}\u0000${c.cusCode ?? ''}`;
      let ok = decided.get(key);
      if (!ok) decided.set(key, (ok = may({ userId: c.userId, tenantId: c.tenantId, cusCode: c.cusCode })));
      if ((await ok) && this.clients.has(c) && c.ws.readyState === c.ws.OPEN) {
        c.ws.send(text);
        n++;
      }
    }
    return n;
  }

  /** Closes sockets of ended sessions (revoked, expired, frozen user) and silent ones. */
  async sweep(now = Date.now()): Promise<void> {
    const list = [...this.clients];
    if (!list.length) return;
    for (const c of list) if (now - c.lastSeen > realtimeTuning.idleMs) this.close(c, SOCKET_CLOSE.idle, 'heartbeat timeout');
    const ids = [...new Set(list.map((c) => c.sessionId))];
    const live = await this.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.accessExpiresAt, new Date(now)), eq(users.status, 1)));
    const alive = new Set(live.map((r) => r.id));
    for (const c of list) if (!alive.has(c.sessionId)) this.close(c, SOCKET_CLOSE.sessionEnded, MSG.tokenInvalid);
  }

  private close(c: Client, code: number, reason: string): void {
    this.remove(c);
    try {
      c.ws.close(code, reason);
    } catch {
      c.ws.terminate();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of [...this.clients]) this.close(c, SOCKET_CLOSE.shutdown, 'server closing');
  }
}

const socketQuery = z.object({ token: z.string().max(512).optional(), tenantId: z.string().max(64).optional() });

/** Who a socket belongs to, checked like the HTTP guard; throws the AppError that explains a refusal. */
export async function authenticate(deps: AppDeps, token: string | undefined, wantedTenant: string | undefined) {
  if (!token) throw new AppError(401, MSG.tokenMissing);
  const session = await sessionOfAccessToken(deps.db, token);
  const user = await userById(deps.db, session.userId);
  if (!user) throw new AppError(401, MSG.tokenInvalid);
  if (user.status !== 1) throw new AppError(401, MSG.loginFrozen);
  const groups = await groupsOf(deps.db, user.id);
  const current = groups.find((g) => g.group.id === session.groupId) ?? groups[0];
  const tenantId = wantedTenant?.trim() || current?.group.tenantId;
  if (!tenantId || !groups.some((g) => g.group.tenantId === tenantId)) throw new AppError(403, MSG.http403);
  const cusCode = current?.group.orgType === 'cus' ? (current.group.cusCode ?? '') : null;
  return { userId: user.id, tenantId, cusCode, sessionId: session.id };
}

/** Registers the socket route (inside the caller's prefix; buildApp registers @fastify/websocket once for every socket) and wires the broker to the hub. */
export async function notifySocketRoutes(
  app: FastifyInstance,
  { deps, broker, hub, allows }: { deps: AppDeps; broker: Broker; hub: NotifyHub; allows: Allows },
) {
  broker.onMessage((m) => hub.deliver(m));
  wireLiveFeed(broker, hub, allows, (err) => deps.log.warn({ err: err.message }, 'live notice delivery failed'));
  app.addHook('onClose', async () => {
    hub.stop();
    await broker.close();
  });

  app.get(MP.socket, { websocket: true, schema: { querystring: socketQuery, hide: true }, config: { permission: 'public' } }, (ws, req) => {
    let client: Client | null = null;
    let ended = false;
    // Handlers attach at once: messages sent while authentication runs must not be lost.
    ws.on('message', (data, isBinary) => {
      if (client) client.lastSeen = Date.now();
      if (!isBinary && data.toString() === SOCKET_HEARTBEAT && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ cmd: 'heartcheck' }));
    });
    ws.on('close', () => {
      ended = true;
      if (client) hub.remove(client);
    });
    ws.on('error', () => ws.terminate());
    const { token, tenantId } = req.query as z.infer<typeof socketQuery>;
    authenticate(deps, token, tenantId).then(
      (who) => {
        if (ended) return;
        client = { ws, ...who, lastSeen: Date.now() };
        hub.add(client);
      },
      (err: unknown) => {
        const reason = err instanceof AppError ? err.message : MSG.tokenInvalid;
        if (!(err instanceof AppError)) deps.log.error({ err }, 'socket authentication failed');
        ws.close(SOCKET_CLOSE.badToken, reason);
      },
    );
  });
}
