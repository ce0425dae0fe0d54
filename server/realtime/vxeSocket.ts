// The live-grid socket `${API_BASE}/vxeSocket/{userId}/{pageId}?token=&tenantId=` (spec §4 live sync,
// §7 sockets; issue 16 §1). Authenticated like the notification socket; the userId of the path must be
// the signed-in user's and the page one of VXE_PAGES whose permission the user holds in the tenant,
// else the socket is closed with the reason. Sockets of one tenant, one scope (the staff, or one
// customer's users) and one page hear each other: a write lands through server/modules/batchDraft,
// is answered to its sender (vxe_ack) and announced on the 'boss_grid' channel, which every server
// process hears (PostgreSQL LISTEN/NOTIFY) and forwards to its own sockets of that page. Every write
// checks the session and the permission again; a sweep closes sockets of ended sessions and silent ones.
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { HEARTBEAT_MS } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import {
  VXE_CLOSE,
  VXE_MSG,
  VXE_SOCKET_ROUTE,
  VXE_TYPE,
  opPermissionOf,
  parseClientMessage,
  vxePage,
  type OpResult,
  type RowChange,
  type VxePage,
  type VxeServerMessage,
} from '../../contract/api/vxeSocket';
import type { AppDeps } from '../context';
import { AppError } from '../http/envelope';
import { applyRowOps, pageRows, parseGridNotice, rowsByKey, type GridScope } from '../modules/batchDraft/service';
import type { AuthCache } from '../modules/session/authCache';
import { TOPIC_CHANNELS, type Broker } from './broker';
import { authenticate } from './notifyHub';

/** How often sessions are re-checked, and how long a socket may stay silent (tests lower these). */
export const vxeTuning = { sweepMs: 15_000, idleMs: HEARTBEAT_MS * 3 };

interface GridClient extends GridScope {
  ws: WebSocket;
  userId: string;
  token: string;
  page: VxePage;
  lastSeen: number;
  /** Changes heard before the first snapshot was sent go out after it, in order. */
  held: RowChange[][] | null;
  /** Messages of one socket are handled one after the other. */
  queue: Promise<unknown>;
}

const roomOf = (s: GridScope) => `${s.tenantId}\u0000${s.scope}\u0000${s.pageId}`;
const send = (ws: WebSocket, m: VxeServerMessage) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
};
const changeMessage = (socketKey: string, args: RowChange[]): VxeServerMessage => ({ type: VXE_TYPE.send, data: { type: VXE_TYPE.update, socketKey, args } });

export class VxeHub {
  private rooms = new Map<string, Set<GridClient>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthCache,
  ) {}

  get size(): number {
    let n = 0;
    for (const r of this.rooms.values()) n += r.size;
    return n;
  }

  add(c: GridClient): void {
    const key = roomOf(c);
    const room = this.rooms.get(key) ?? new Set<GridClient>();
    room.add(c);
    this.rooms.set(key, room);
    this.timer ??= setInterval(
      () => void this.sweep().catch((err: Error) => this.deps.log.warn({ err: err.message }, 'grid socket sweep failed')),
      vxeTuning.sweepMs,
    );
  }

  remove(c: GridClient): void {
    const key = roomOf(c);
    const room = this.rooms.get(key);
    room?.delete(c);
    if (room && !room.size) this.rooms.delete(key);
    if (!this.rooms.size && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Sends the page's rows; changes heard meanwhile follow (the client skips versions it already has). */
  async snapshot(c: GridClient): Promise<void> {
    const rows = await pageRows(this.deps.db, c);
    send(c.ws, { type: VXE_TYPE.snapshot, data: { rows } });
    const held = c.held ?? [];
    c.held = null;
    for (const args of held) send(c.ws, changeMessage('', args));
  }

  /** Forwards one commit's changes to this process's sockets of that page. */
  deliver(scope: GridScope, socketKey: string, changes: RowChange[]): number {
    let n = 0;
    for (const c of this.rooms.get(roomOf(scope)) ?? []) {
      if (c.held) c.held.push(changes);
      else send(c.ws, changeMessage(socketKey, changes));
      n++;
    }
    return n;
  }

  /** Changes may have been missed (the listener was lost): every socket reads its page again. */
  reloadAll(): void {
    for (const room of this.rooms.values()) for (const c of room) send(c.ws, changeMessage('', [{ op: 'reload' }]));
  }

  /** Whether the socket's user holds `code` in the socket's tenant. */
  allows(c: GridClient, code: string): Promise<boolean> {
    return this.auth.allows(c.userId, c.tenantId, code);
  }

  /** Whether the socket's user may still write: live session, active user, the page's permission in the tenant. */
  async mayWrite(c: GridClient): Promise<string | null> {
    try {
      const session = await this.auth.session(c.token);
      const member = await this.auth.member(session.userId);
      if (!member || member.user.status !== 1 || member.user.id !== c.userId) return MSG.tokenInvalid;
      return (await this.auth.allows(c.userId, c.tenantId, c.page.permission)) ? null : VXE_MSG.pageUnknown;
    } catch (err) {
      return err instanceof AppError ? err.message : MSG.tokenInvalid;
    }
  }

  async sweep(now = Date.now()): Promise<void> {
    for (const room of [...this.rooms.values()]) {
      for (const c of [...room]) {
        if (now - c.lastSeen > vxeTuning.idleMs) this.close(c, VXE_CLOSE.idle, 'heartbeat timeout');
        else if (await this.mayWrite(c)) this.close(c, VXE_CLOSE.sessionEnded, MSG.tokenInvalid);
      }
    }
  }

  /** Reasons here are short texts, which ws.close never refuses. */
  private close(c: GridClient, code: number, reason: string): void {
    this.remove(c);
    c.ws.close(code, reason);
  }

  /** Closes every socket (the app is closing); removing the last one stops the sweep. */
  stop(): void {
    const all = [...this.rooms.values()].flatMap((room) => [...room]);
    for (const c of all) this.close(c, VXE_CLOSE.shutdown, 'server closing');
  }
}

const params = z.object({ userId: z.string().max(64), pageId: z.string().max(64) });
const query = z.object({ token: z.string().max(512).optional(), tenantId: z.string().max(64).optional() });

/** Handles one message of a signed-in socket: answers heartbeats and snapshots, applies row ops. */
async function handle(hub: VxeHub, deps: AppDeps, c: GridClient, text: string): Promise<void> {
  const m = parseClientMessage(text);
  if (!m) return send(c.ws, { type: VXE_TYPE.error, data: { message: VXE_MSG.badMessage } });
  if (m.type === VXE_TYPE.heartBeat) return send(c.ws, { type: VXE_TYPE.heartBeat, data: {} });
  if (m.type === VXE_TYPE.snapshot) return hub.snapshot(c);
  const refused = await hub.mayWrite(c);
  if (refused) {
    send(c.ws, { type: VXE_TYPE.error, data: { message: refused } });
    return void c.ws.close(VXE_CLOSE.sessionEnded, refused);
  }
  const { socketKey, args } = m.data;
  // Inserts and deletes the user's toolbar codes do not allow are refused here, with the row as it is.
  const refusals = new Map<number, OpResult>();
  for (const [i, op] of args.entries()) {
    const need = opPermissionOf(c.page, op);
    if (need && !(await hub.allows(c, need.code)))
      refusals.set(i, { opId: op.opId, rowKey: op.rowKey, ok: false, code: 'forbidden', message: need.message, current: null });
  }
  const allowed = args.filter((_, i) => !refusals.has(i));
  const landed = allowed.length ? await applyRowOps(deps.db, c, c.page, c.userId, socketKey, allowed) : [];
  if (refusals.size) {
    const current = await rowsByKey(
      deps.db,
      c,
      [...refusals.values()].map((r) => r.rowKey),
    );
    for (const r of refusals.values()) if (!r.ok) r.current = current.get(r.rowKey) ?? null;
  }
  let next = 0;
  const results = args.map((_, i) => refusals.get(i) ?? landed[next++]!);
  send(c.ws, { type: VXE_TYPE.ack, data: results });
}

/** Registers the socket route (inside the caller's prefix) and wires the grid channel to the hub. */
export async function vxeSocketRoutes(app: FastifyInstance, { deps, broker, auth }: { deps: AppDeps; broker: Broker; auth: AuthCache }) {
  const hub = new VxeHub(deps, auth);
  deps.metrics.countSockets('grid', () => hub.size);
  broker.onTopic(TOPIC_CHANNELS.grid, (payload) => {
    if (payload === null) return hub.reloadAll();
    const notice = parseGridNotice(payload);
    if (notice) hub.deliver(notice, notice.socketKey, notice.changes);
  });
  app.addHook('onClose', async () => hub.stop());

  app.get(VXE_SOCKET_ROUTE, { websocket: true, schema: { params, querystring: query, hide: true }, config: { permission: 'public' } }, (ws, req) => {
    let client: GridClient | null = null;
    let ended = false;
    // Messages sent while authentication runs wait for it, in order.
    const early: string[] = [];
    const take = (c: GridClient, text: string) => {
      c.lastSeen = Date.now();
      c.queue = c.queue
        .then(() => handle(hub, deps, c, text))
        .catch((err: Error) => {
          deps.log.error({ err }, 'grid socket message failed');
          send(c.ws, { type: VXE_TYPE.error, data: { message: MSG.serverError } });
        });
    };
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      if (client) take(client, text);
      else early.push(text);
    });
    ws.on('close', () => {
      ended = true;
      if (client) hub.remove(client);
    });
    ws.on('error', () => ws.terminate());

    const { userId, pageId } = req.params as z.infer<typeof params>;
    const { token, tenantId } = req.query as z.infer<typeof query>;
    const page = vxePage(pageId);
    authenticate(deps, token, tenantId)
      .then(async (who) => {
        if (who.userId !== userId) throw new AppError(403, VXE_MSG.wrongUser);
        if (!page || !(await auth.allows(who.userId, who.tenantId, page.permission))) throw new AppError(403, VXE_MSG.pageUnknown);
        return who;
      })
      .then(
        (who) => {
          if (ended) return;
          const c: GridClient = {
            ws,
            userId: who.userId,
            tenantId: who.tenantId,
            scope: who.cusCode === null ? 'org' : `cus:${who.cusCode}`,
            pageId,
            page: page!,
            token: token!,
            lastSeen: Date.now(),
            held: [],
            queue: Promise.resolve(),
          };
          client = c;
          hub.add(c);
          c.queue = hub.snapshot(c).catch((err: Error) => deps.log.error({ err }, 'grid snapshot failed'));
          for (const text of early.splice(0)) take(c, text);
        },
        (err: unknown) => {
          const forbidden = err instanceof AppError && err.statusCode === 403;
          if (!(err instanceof AppError)) deps.log.error({ err }, 'grid socket authentication failed');
          ws.close(forbidden ? VXE_CLOSE.forbidden : VXE_CLOSE.badToken, err instanceof AppError ? err.message : MSG.tokenInvalid);
        },
      );
  });
}
