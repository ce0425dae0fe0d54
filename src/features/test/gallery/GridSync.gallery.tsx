// Gallery: live multi-user rows of the editable grid (issue 16 §1). Two grid instances share one
// in-memory page (VxeLoopbackRoom: the server's version rule, a delivery delay like a network) —
// what one types shows in the other; the same cell changed on both at once is marked on the side
// whose write came second. Also: empty, connecting, disconnected and read-only.
import { useEffect, useMemo, useRef, useState } from 'react';
import { VXE_PAGES, type SyncedRow } from '@contract/api/vxeSocket';
import type { GridColumn, GridRow } from '@/components/grid/EditableGrid';
import { EditableGrid } from '@/components/grid/EditableGrid';
import { SyncBarDesktop } from '@/components/grid/SyncBar.desktop';
import { SyncBarMobile } from '@/components/grid/SyncBar.mobile';
import { useVxeSync } from '@/components/grid/useVxeSync';
import type { VxeSocketLike } from '@/components/grid/vxeHeartbeat';
import { VxeLoopbackRoom } from '@/components/grid/vxeLoopback';
import { conflictItems, syncStatus } from '@/components/grid/vxeSync';
import { useIsMobile } from '@/hooks/useDevice';
import { GalleryState } from './GalleryState';

const PAGE = VXE_PAGES.batchPay!;
const COLUMNS: GridColumn[] = [
  { key: 'payeeName', title: '收款人名称', type: 'input', width: 160 },
  { key: 'amount', title: '金额（元）', type: 'inputNumber', width: 140, money: true, statistics: 'sum' },
  { key: 'remark', title: '备注', type: 'input', width: 180 },
];
const SEED: SyncedRow[] = [
  { rowKey: 'seedA1', version: 1, sort: 1, values: { payeeName: '供应商甲', amount: '100.00', remark: '货款' } },
  { rowKey: 'seedB2', version: 1, sort: 2, values: { payeeName: '供应商乙', amount: '20.50', remark: '运费' } },
];

function roomWith(rows: SyncedRow[], latencyMs: number, online = true): VxeLoopbackRoom {
  const room = new VxeLoopbackRoom(PAGE, latencyMs);
  for (const r of rows) room.rows.set(r.rowKey, structuredClone(r));
  room.setOnline(online);
  return room;
}
/** A socket that never opens: the grid stays in its connecting state. */
const neverOpens = (): VxeSocketLike => ({ send() {}, close() {}, onopen: null, onclose: null, onerror: null, onmessage: null });

/** One grid instance on a page, with its status line and conflict list. */
function LiveGrid({
  name,
  pageId,
  open,
  readOnly,
  placeholder,
  script,
}: {
  name: string;
  pageId: string;
  open: () => VxeSocketLike;
  readOnly?: boolean;
  placeholder?: () => GridRow;
  script?: (set: (field: string, value: string) => void) => void;
}) {
  const mobile = useIsMobile();
  const sync = useVxeSync({ pageId, fields: PAGE.fields, openSocket: open, placeholder });
  const Bar = mobile ? SyncBarMobile : SyncBarDesktop;
  const ran = useRef(false);
  const { ready, rows, grid } = sync;
  useEffect(() => {
    if (!script || ran.current || !ready || !rows.length) return;
    ran.current = true;
    script((field, value) => grid.onChange(rows.map((r, i) => (i === 0 ? { ...r, [field]: value } : r))));
  }, [script, ready, rows, grid]);
  return (
    <div data-testid={`grid-${name}`} style={{ flex: 1, minWidth: 0 }}>
      <div style={{ fontWeight: 600, margin: '4px 0' }}>{name}</div>
      <Bar
        status={syncStatus(sync.phase, sync.ready, sync.pending)}
        items={conflictItems(sync.conflicts, sync.rows, COLUMNS)}
        onResolve={sync.onConflictResolve}
      />
      <EditableGrid columns={COLUMNS} {...sync.grid} readOnly={readOnly || !sync.ready} emptyText={sync.ready ? '暂无数据' : '草稿加载中…'} maxHeight={240} />
    </div>
  );
}

/** Two instances of one page, side by side on a desktop and one above the other on a phone. */
function Pair({
  room,
  id,
  scriptA,
  scriptB,
}: {
  room: VxeLoopbackRoom;
  id: string;
  scriptA?: (set: (f: string, v: string) => void) => void;
  scriptB?: (set: (f: string, v: string) => void) => void;
}) {
  const mobile = useIsMobile();
  return (
    <div style={{ display: 'flex', flexDirection: mobile ? 'column' : 'row', gap: 16 }}>
      <LiveGrid name="表格A" pageId={`${id}.a`} open={room.connect} script={scriptA} />
      <LiveGrid name="表格B" pageId={`${id}.b`} open={room.connect} script={scriptB} />
    </div>
  );
}

export default function GridSyncGallery() {
  const rooms = useMemo(
    () => ({
      live: roomWith(SEED, 200),
      empty: roomWith([], 100),
      conflict: roomWith(SEED, 400),
      down: roomWith(SEED, 50, false),
      readOnly: roomWith(SEED, 50),
    }),
    [],
  );
  const [conflictRun, setConflictRun] = useState(0);
  return (
    <>
      <GalleryState title="已同步" caption="两个表格实例编辑同一页数据：在一边修改、新增或删除，另一边在 2 秒内看到。">
        <Pair room={rooms.live} id="live" />
      </GalleryState>
      <GalleryState title="冲突" caption="两边同时修改第1行金额：后到的一方被拒绝，单元格标记冲突并保留本人的修改，可选择使用我的或使用对方的。">
        <Pair
          key={conflictRun}
          room={rooms.conflict}
          id={`conflict${conflictRun}`}
          scriptA={(set) => set('amount', '200.00')}
          scriptB={(set) => setTimeout(() => set('amount', '300.00'), 50)}
        />
        <button type="button" style={{ marginTop: 8 }} onClick={() => setConflictRun((n) => n + 1)}>
          再冲突一次
        </button>
      </GalleryState>
      <GalleryState title="空" caption="页面还没有数据：显示一行空白行，输入内容后才加入共享数据。">
        <LiveGrid name="空表格" pageId="empty" open={rooms.empty.connect} placeholder={() => ({ id: 'blank1', payeeName: '', amount: '', remark: '' })} />
      </GalleryState>
      <GalleryState title="加载中" caption="连接尚未建立：表格只读，等待服务器的数据。">
        <LiveGrid name="连接中" pageId="loading" open={neverOpens} />
      </GalleryState>
      <GalleryState title="出错（已断开）" caption="服务器不可达：5 秒后自动重连，期间的修改保留在本地，连上后再发送。">
        <LiveGrid name="断开" pageId="down" open={rooms.down.connect} />
      </GalleryState>
      <GalleryState title="只读" caption="只看不改：他人的修改照样实时出现。">
        <LiveGrid name="只读" pageId="readonly" open={rooms.readOnly.connect} readOnly />
      </GalleryState>
    </>
  );
}
