// Live multi-user rows for an EditableGrid (spec §4 live sync; issue 16 §1): opens
// `${API_BASE}/vxeSocket/{userId}/{pageId}` as the signed-in user, keeps it alive by the rules of
// vxeHeartbeat.ts, and runs VxeSync (vxeSync.ts) on it. The caller hands `grid` to EditableGrid:
// rows come from the server's draft, local edits go out ~150 ms later, others' edits come in, and
// conflicting cells are marked (`conflicts`, `onConflictResolve`). Tests and the gallery pass their
// own socket (openSocket).
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { API_BASE } from '@contract/constants';
import { VXE_SOCKET_PATH, VXE_TYPE, type VxeServerMessage } from '@contract/api/vxeSocket';
import { session } from '@/stores/session';
import type { GridRow } from './gridTypes';
import { runVxeLink, type OpenVxeSocket, type VxePhase, type VxeSocketLike } from './vxeHeartbeat';
import type { EditableGridProps } from './EditableGrid';
import type { ConflictChoice } from './GridConflict';
import { VxeSync } from './vxeSync';

/** What useVxeSync hands to EditableGrid: the rows and the conflict marks. */
export type VxeSyncProps = Pick<EditableGridProps, 'value' | 'onChange' | 'conflicts' | 'onConflictResolve'> & { value: GridRow[] };

export interface UseVxeSyncOptions {
  pageId: string;
  /** The columns kept on the server. */
  fields: readonly string[];
  /** Told to the user: a row deleted or changed by someone else, a refused write. */
  onNotice?: (text: string) => void;
  openSocket?: OpenVxeSocket;
  enabled?: boolean;
  /** The row an empty page shows at first (see VxeSyncOptions.placeholder). */
  placeholder?: () => GridRow;
}

/** After the last local edit, how long before it is sent (typing one word sends one op). */
export const FLUSH_MS = 150;

export function vxeSocketUrl(userId: string, pageId: string, token: string, tenantId: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const q = new URLSearchParams({ token, tenantId });
  return `${proto}://${window.location.host}${API_BASE}${VXE_SOCKET_PATH}/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}?${q.toString()}`;
}

const randomKey = () => Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => (b % 36).toString(36)).join('');

export function useVxeSync({ pageId, fields, onNotice, openSocket, enabled = true, placeholder }: UseVxeSyncOptions) {
  const { token, tenantId, userInfo } = useSnapshot(session);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [phase, setPhase] = useState<VxePhase>('off');
  const noticeRef = useRef(onNotice);
  noticeRef.current = onNotice;
  const sendRef = useRef<((text: string) => void) | null>(null);
  const flushTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // One engine per page: another draft starts from its own first snapshot.
  const sync = useMemo(
    () =>
      new VxeSync({
        fields,
        socketKey: randomKey(),
        send: (m) => sendRef.current?.(JSON.stringify(m)),
        onChange: () => {
          rerender();
          clearTimeout(flushTimer.current);
          flushTimer.current = setTimeout(() => sync.flush(), FLUSH_MS);
        },
        onNotice: (text) => noticeRef.current?.(text),
        placeholder,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fields and placeholder are the page's constants
    [pageId],
  );

  const userId = userInfo?.id;
  useEffect(() => {
    const open: OpenVxeSocket | null =
      openSocket ?? (token && userId ? () => new WebSocket(vxeSocketUrl(userId, pageId, token, tenantId)) as unknown as VxeSocketLike : null);
    if (!enabled || !open) return;
    const stop = runVxeLink(
      {
        open,
        onOpen: (send) => {
          sendRef.current = send;
          sync.opened();
        },
        onMessage: (text) => {
          let m: VxeServerMessage;
          try {
            m = JSON.parse(text) as VxeServerMessage;
          } catch {
            return;
          }
          sync.receive(m);
        },
        onDown: () => {
          sendRef.current = null;
          sync.closed();
        },
        onPhase: setPhase,
      },
      JSON.stringify({ type: VXE_TYPE.heartBeat, data: {} }),
    );
    return () => {
      clearTimeout(flushTimer.current);
      stop();
    };
  }, [enabled, openSocket, token, tenantId, userId, pageId, sync]);

  const onChange = useCallback((rows: GridRow[]) => sync.local(rows), [sync]);
  const onConflictResolve = useCallback((rowKey: string, field: string, choice: ConflictChoice) => sync.resolve(rowKey, field, choice), [sync]);
  const { rows, conflicts, ready } = sync;
  const grid: VxeSyncProps = useMemo(() => ({ value: rows, onChange, conflicts, onConflictResolve }), [rows, onChange, conflicts, onConflictResolve]);

  return {
    grid,
    rows,
    conflicts,
    conflictCount: Object.values(conflicts).reduce((n, r) => n + Object.keys(r).length, 0),
    onConflictResolve,
    /** The first snapshot arrived: the rows are the server's. */
    ready,
    /** off | connecting | open | down (reconnecting 5 s after it went down). */
    phase,
    pending: sync.pending,
    /** Drops these rows (for everyone), e.g. once they were submitted. */
    removeRows: useCallback(
      (keys: readonly string[]) => {
        const gone = new Set(keys);
        sync.local(sync.rows.filter((r) => !gone.has(r.id)));
      },
      [sync],
    ),
  };
}
