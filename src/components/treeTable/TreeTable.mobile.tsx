import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { DownOutline, RightOutline } from 'antd-mobile-icons';
import { useContextMenu } from '@/components/contextMenu/useContextMenu';
import ContextMenu from '@/components/contextMenu/ContextMenu.mobile';
import { TREE_TEXT, type TreeRow } from './treeTableRules';
import { useTreeTable, type TreeTableProps } from './useTreeTable';
import './treeTable.css';

export default function TreeTableMobile(props: TreeTableProps) {
  const { rows, loading, error, expanded, toggle, reload } = useTreeTable(props);
  const menu = useContextMenu<TreeRow>();
  const [first, ...rest] = props.columns;
  const renderRows = (list: TreeRow[], depth: number): React.ReactNode =>
    list.map((row) => {
      if (row.placeholder)
        return (
          <li key={row.id} className="boss-tree-row" style={{ paddingLeft: 12 + depth * 20 }}>
            <span className="boss-tree-loading">{TREE_TEXT.loading}</span>
          </li>
        );
      const open = expanded.includes(row.id);
      return (
        <li key={row.id} role="treeitem" aria-expanded={row.children ? open : undefined} aria-level={depth + 1}>
          <div className="boss-tree-row" style={{ paddingLeft: 12 + depth * 20 }} {...(props.rowMenu ? menu.bind(row) : {})}>
            {row.children ? (
              <button type="button" className="boss-tree-toggle" aria-label={open ? '收起' : '展开'} onClick={() => void toggle(row, !open)}>
                {open ? <DownOutline /> : <RightOutline />}
              </button>
            ) : (
              <span className="boss-tree-toggle" />
            )}
            <div className="boss-tree-cells">
              <div className="boss-tree-title">{first.render ? first.render(row) : String(row[first.key] ?? '')}</div>
              <div className="boss-tree-extra">
                {rest.map((c) => (
                  <span key={c.key}>
                    {c.title}：{c.render ? c.render(row) : String(row[c.key] ?? '')}
                  </span>
                ))}
              </div>
            </div>
          </div>
          {open && row.children && <ul role="group">{renderRows(row.children, depth + 1)}</ul>}
        </li>
      );
    });
  return (
    <div className="boss-tree">
      {error && (
        <ErrorBlock
          status="default"
          title={error}
          description={
            <Button size="small" onClick={() => void reload()}>
              重试
            </Button>
          }
        />
      )}
      {loading ? (
        <div className="boss-tree-row">
          <DotLoading /> 加载中
        </div>
      ) : (
        !error && (
          <ul role="tree" aria-label={props['aria-label']}>
            {rows.length ? renderRows(rows, 0) : <li className="boss-tree-row">暂无数据</li>}
          </ul>
        )
      )}
      {props.rowMenu && <ContextMenu state={menu} items={props.rowMenu} onSelect={(key, row) => props.onRowMenu?.(key, row)} />}
    </div>
  );
}
