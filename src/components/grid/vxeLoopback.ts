// An in-memory page of live grid rows that speaks the /vxeSocket protocol, for the gallery (two
// grids side by side on one screen, no server) and the unit tests. It judges writes with the same
// rule as the server (contract/api/vxeSocket.ts judgeWrite / applyOp); `latencyMs` holds each
// delivery back, so two edits can cross like they do between two offices, and `online` false
// refuses new connections and drops the open ones.
import {
  VXE_MSG,
  VXE_TYPE,
  applyOp,
  judgeWrite,
  refusalMessage,
  parseClientMessage,
  type OpResult,
  type RowChange,
  type SyncedRow,
  type VxePage,
  type VxeServerMessage,
} from '@contract/api/vxeSocket';
import type { VxeSocketLike } from './vxeHeartbeat';

interface Peer {
  socket: VxeSocketLike;
  deliver: (m: VxeServerMessage) => void;
  drop: () => void;
}

export class VxeLoopbackRoom {
  readonly rows = new Map<string, SyncedRow>();
  private peers = new Set<Peer>();
  online = true;

  constructor(
    private readonly page: VxePage,
    public latencyMs = 0,
  ) {}

  /** Sorted like the server answers a snapshot. */
  snapshot(): SyncedRow[] {
    return [...this.rows.values()].sort((a, b) => a.sort - b.sort || (a.rowKey < b.rowKey ? -1 : 1));
  }

  setOnline(on: boolean): void {
    this.online = on;
    if (!on) for (const p of [...this.peers]) p.drop();
  }

  /** Opens a socket to this page (an OpenVxeSocket). */
  connect = (): VxeSocketLike => {
    let closed = false;
    const later = (fn: () => void) => setTimeout(() => !closed && fn(), this.latencyMs);
    const peer: Peer = {
      socket: {
        onopen: null,
        onclose: null,
        onerror: null,
        onmessage: null,
        send: (text) => later(() => this.handle(peer, text)),
        close: () => {
          closed = true;
          this.peers.delete(peer);
        },
      },
      deliver: (m) => later(() => peer.socket.onmessage?.({ data: JSON.stringify(m) })),
      drop: () => {
        this.peers.delete(peer);
        later(() => {
          closed = true;
          peer.socket.onclose?.({});
        });
      },
    };
    if (!this.online) {
      setTimeout(() => peer.socket.onclose?.({}), 0);
      return peer.socket;
    }
    this.peers.add(peer);
    later(() => {
      peer.socket.onopen?.({});
      peer.deliver({ type: VXE_TYPE.snapshot, data: { rows: this.snapshot() } });
    });
    return peer.socket;
  };

  private handle(from: Peer, text: string): void {
    const m = parseClientMessage(text);
    if (!m) return from.deliver({ type: VXE_TYPE.error, data: { message: VXE_MSG.badMessage } });
    if (m.type === VXE_TYPE.heartBeat) return from.deliver({ type: VXE_TYPE.heartBeat, data: {} });
    if (m.type === VXE_TYPE.snapshot) return from.deliver({ type: VXE_TYPE.snapshot, data: { rows: this.snapshot() } });
    const { socketKey, args } = m.data;
    const results: OpResult[] = [];
    const changes: RowChange[] = [];
    for (const op of args) {
      const current = this.rows.get(op.rowKey) ?? null;
      const refusal = judgeWrite(this.page, current, op, this.rows.size, this.page.maxRows);
      if (refusal) {
        results.push({ opId: op.opId, rowKey: op.rowKey, ok: false, code: refusal, message: refusalMessage(refusal), current });
        continue;
      }
      const next = applyOp(current, op);
      if (next) this.rows.set(op.rowKey, next);
      else this.rows.delete(op.rowKey);
      results.push({ opId: op.opId, rowKey: op.rowKey, ok: true, row: next });
      changes.push(next ? { op: 'upsert', row: next } : { op: 'delete', rowKey: op.rowKey });
    }
    from.deliver({ type: VXE_TYPE.ack, data: results });
    if (changes.length) for (const p of this.peers) p.deliver({ type: VXE_TYPE.send, data: { type: VXE_TYPE.update, socketKey, args: changes } });
  }
}
