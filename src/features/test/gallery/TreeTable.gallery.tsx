// Gallery: the tree table with children loaded by parentId on expand (with latency, so the
// 'loading...' child shows), a row menu, an empty answer and a bad answer.
import { useState } from 'react';
import { TreeTable } from '@/components/treeTable/TreeTable';
import type { TreeColumn } from '@/components/treeTable/useTreeTable';
import { GalleryState } from './GalleryState';

const ORGS: Record<string, { id: string; name: string; code: string; hasChildren: boolean }[]> = {
  '': [
    { id: 'hq', name: '总部', code: 'A01', hasChildren: true },
    { id: 'east', name: '华东大区', code: 'A02', hasChildren: true },
    { id: 'audit', name: '审计部', code: 'A03', hasChildren: false },
  ],
  hq: [
    { id: 'hq-fin', name: '财务部', code: 'A01A01', hasChildren: true },
    { id: 'hq-ops', name: '运营部', code: 'A01A02', hasChildren: false },
  ],
  'hq-fin': [{ id: 'hq-fin-settle', name: '结算组', code: 'A01A01A01', hasChildren: false }],
  // Said to have children, but the answer is empty: it becomes a leaf.
  east: [],
};

const LATENCY_MS = 600;
const columns: TreeColumn[] = [
  { key: 'name', title: '机构名称' },
  { key: 'code', title: '机构编码', width: 160 },
];

/** Answers as the server would, by parentId, after a delay. */
const loadOrgs = ({ parentId }: { parentId?: string }) =>
  new Promise<unknown>((resolve) => setTimeout(() => resolve({ success: true, message: '', result: ORGS[parentId ?? ''] ?? [] }), LATENCY_MS));

export default function TreeTableGallery() {
  const [picked, setPicked] = useState('');
  return (
    <>
      <GalleryState title="逐级加载" caption="展开时显示 loading... 再加载下级；华东大区没有下级，展开后变为末级。右键（手机长按）一行打开菜单。">
        <TreeTable
          aria-label="组织机构"
          columns={columns}
          load={loadOrgs}
          rowMenu={[
            { key: 'add', label: '添加下级' },
            { key: 'edit', label: '编辑' },
            { key: 'delete', label: '删除', danger: true },
          ]}
          onRowMenu={(key, row) => setPicked(`${key}:${String(row.name)}`)}
        />
        <p style={{ fontSize: 12, margin: '8px 0 0' }}>
          菜单选择：<code data-testid="tree-menu-pick">{picked || '（无）'}</code>
        </p>
      </GalleryState>
      <GalleryState title="空" caption="没有数据。">
        <TreeTable aria-label="空表" columns={columns} load={async () => ({ success: true, result: [] })} />
      </GalleryState>
      <GalleryState title="出错" caption="接口返回的不是列表时提示“返回数据类型不识别”。">
        <TreeTable aria-label="出错的表" columns={columns} load={async () => ({ success: true, result: 'not a list' })} />
      </GalleryState>
    </>
  );
}
