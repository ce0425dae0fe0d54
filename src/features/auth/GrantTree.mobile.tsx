// The permission tree on a phone (antd-mobile): a drill-down list — tap a row to go into its
// children, tick the box to grant — with 全选 / 取消全选 and 保存.
import { useState } from 'react';
import { Button, Checkbox, DotLoading, Empty, List, NavBar, SearchBar, Space, Tag, Toast } from 'antd-mobile';
import type { TreeNode } from '@contract/api/rbac';
import { MSG } from '@contract/messages';
import type { GrantTarget } from './api';
import { filterTree, pathTo } from './treeRules';
import { useGrant } from './useGrant';

const TYPE_TAG: Record<string, [string, string]> = { '0': ['目录', 'primary'], '1': ['菜单', 'success'], '2': ['按钮', 'warning'] };

export default function GrantTreeMobile({ target, onSaved }: { target: GrantTarget | null; onSaved?: () => void }) {
  const g = useGrant(target);
  const [at, setAt] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const roots = filterTree(g.tree, search);
  const trail = pathTo(roots, at);
  const here: TreeNode[] = trail.length ? (trail[trail.length - 1].children ?? []) : roots;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ padding: '8px 12px' }}>
        <SearchBar
          placeholder="搜索菜单"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setAt(null);
          }}
        />
      </div>
      {trail.length > 0 && (
        <NavBar onBack={() => setAt(trail.length > 1 ? trail[trail.length - 2].key : null)} style={{ '--height': '40px' }}>
          {trail[trail.length - 1].title}
        </NavBar>
      )}
      <div style={{ flex: 1, overflow: 'auto' }}>
        {g.loading ? (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <DotLoading />
          </div>
        ) : here.length === 0 ? (
          <Empty description={MSG.noData} />
        ) : (
          <List>
            {here.map((n) => {
              const tag = TYPE_TAG[String(n.type)];
              const kids = n.children?.length ?? 0;
              return (
                <List.Item
                  key={n.key}
                  prefix={<Checkbox checked={g.checked.has(n.key)} onChange={(on) => g.toggle(n.key, on)} onClick={(e) => e.stopPropagation()} />}
                  extra={
                    tag && (
                      <Tag color={tag[1]} fill="outline">
                        {tag[0]}
                      </Tag>
                    )
                  }
                  description={kids ? `${kids} 个下级` : undefined}
                  arrowIcon={kids > 0}
                  onClick={kids ? () => setAt(n.key) : () => g.toggle(n.key, !g.checked.has(n.key))}
                >
                  {n.title}
                </List.Item>
              );
            })}
          </List>
        )}
      </div>
      <div style={{ padding: 12, borderTop: '1px solid #eee', background: '#fff' }}>
        <Space style={{ width: '100%', '--gap': '8px' }} justify="between" align="center">
          <Space>
            <Button size="small" onClick={g.checkAll}>
              全选
            </Button>
            <Button size="small" onClick={g.uncheckAll}>
              取消全选
            </Button>
          </Space>
          <Button
            color="primary"
            size="small"
            loading={g.saving}
            onClick={async () => {
              if (await g.save()) {
                Toast.show({ icon: 'success', content: MSG.saved });
                onSaved?.();
              }
            }}
          >
            保存（{g.checked.size}）
          </Button>
        </Space>
      </div>
    </div>
  );
}
