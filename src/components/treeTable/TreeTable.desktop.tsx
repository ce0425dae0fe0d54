import { Alert, Button, Table } from 'antd';
import { useContextMenu } from '@/components/contextMenu/useContextMenu';
import ContextMenu from '@/components/contextMenu/ContextMenu.desktop';
import { TREE_TEXT, type TreeRow } from './treeTableRules';
import { useTreeTable, type TreeTableProps } from './useTreeTable';

export default function TreeTableDesktop(props: TreeTableProps) {
  const { rows, loading, error, expanded, toggle, reload } = useTreeTable(props);
  const menu = useContextMenu<TreeRow>();
  return (
    <div>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          action={
            <Button size="small" onClick={() => void reload()}>
              重试
            </Button>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      <Table<TreeRow>
        rowKey="id"
        size="middle"
        loading={loading}
        pagination={false}
        dataSource={rows}
        aria-label={props['aria-label']}
        columns={props.columns.map((c, i) => ({
          key: c.key,
          title: c.title,
          width: c.width,
          render: (_: unknown, row: TreeRow) =>
            row.placeholder ? (
              i === 0 ? (
                <span className="boss-tree-loading">{TREE_TEXT.loading}</span>
              ) : null
            ) : c.render ? (
              c.render(row)
            ) : (
              String(row[c.key] ?? '')
            ),
        }))}
        expandable={{ expandedRowKeys: expanded, onExpand: (open, row) => void toggle(row, open) }}
        onRow={(row) => (props.rowMenu && !row.placeholder ? menu.bind(row) : {})}
      />
      {props.rowMenu && <ContextMenu state={menu} items={props.rowMenu} onSelect={(key, row) => props.onRowMenu?.(key, row)} />}
    </div>
  );
}
