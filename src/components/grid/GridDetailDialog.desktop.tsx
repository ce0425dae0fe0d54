// The desktop grid's row detail dialog (spec §3): every column of one row in two columns, 1200 wide,
// with a fullscreen switch that resets each time it opens.
import { useState } from 'react';
import { Button, Modal } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { GridCell } from './GridCell.desktop';
import type { useEditableGrid } from './useEditableGrid';

export const DETAIL_WIDTH = 1200;

export function DetailDialog({ grid }: { grid: ReturnType<typeof useEditableGrid> }) {
  const [full, setFull] = useState(false);
  const index = grid.detailIndex;
  const row = index >= 0 ? grid.rows[index] : undefined;
  return (
    <Modal
      open={!!row}
      title={
        <span style={{ display: 'flex', justifyContent: 'space-between', paddingRight: 32 }}>
          <span>第 {index + 1} 行详情</span>
          <Button
            size="small"
            type="text"
            aria-label={full ? '退出全屏' : '全屏'}
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFull(!full)}
          />
        </span>
      }
      width={full ? '100%' : DETAIL_WIDTH}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      afterOpenChange={(open) => !open && setFull(false)}
      footer={<Button onClick={() => grid.openDetail(null)}>关闭</Button>}
      onCancel={() => grid.openDetail(null)}
      destroyOnHidden
    >
      {row && (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '12px 24px' }}>
          {grid.columns.map((c) => (
            <div key={c.key} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <span style={{ width: 96, flex: 'none', textAlign: 'right', color: '#666' }}>{c.title}</span>
              <GridCell width={360} col={c} row={row} value={row[c.key]} error={grid.errors[row.id]?.[c.key]} rowIndex={index} grid={grid} />
            </div>
          ))}
        </div>
      )}
    </Modal>
  );
}
