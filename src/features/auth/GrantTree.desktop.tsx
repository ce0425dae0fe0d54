// The checkable permission tree of the desktop (antd): 全部展开 / 全部收起 / 全选 / 取消全选 and 保存.
// For a role, a menu with data rules offers 数据规则: which of them the role is held to.
import { useEffect, useState } from 'react';
import { App, Button, Empty, Input, Space, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { TreeNode } from '@contract/api/rbac';
import { MSG } from '@contract/messages';
import type { GrantTarget } from './api';
import { filterTree } from './treeRules';
import { useGrant } from './useGrant';
import RoleDataRulesDesktop from './RoleDataRules.desktop';

const TYPE_TAG: Record<string, [string, string]> = { '0': ['目录', 'blue'], '1': ['菜单', 'green'], '2': ['按钮', 'orange'] };

function toData(nodes: TreeNode[], onRules?: (n: TreeNode) => void): DataNode[] {
  return nodes.map((n) => {
    const tag = TYPE_TAG[String(n.type)];
    return {
      key: n.key,
      title: (
        <span>
          {n.title}
          {tag && (
            <Tag color={tag[1]} style={{ marginLeft: 6, fontSize: 11, lineHeight: '16px' }}>
              {tag[0]}
            </Tag>
          )}
          {n.status === '0' && <Tag style={{ fontSize: 11, lineHeight: '16px' }}>停用</Tag>}
          {onRules && n.ruleFlag === true && (
            <a
              role="button"
              className="grant-data-rules"
              style={{ marginLeft: 6, fontSize: 12 }}
              onClick={(e) => {
                // Not a click on the node: the checkbox stays as it is.
                e.stopPropagation();
                onRules(n);
              }}
            >
              数据规则
            </a>
          )}
        </span>
      ),
      children: n.children ? toData(n.children, onRules) : undefined,
    };
  });
}

export interface GrantTreeProps {
  target: GrantTarget | null;
  onSaved?: () => void;
  /** Height of the scrolling tree area. */
  height?: number | string;
  extra?: React.ReactNode;
}

export default function GrantTreeDesktop({ target, onSaved, height = 'calc(100vh - 260px)', extra }: GrantTreeProps) {
  const { message } = App.useApp();
  const g = useGrant(target);
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const [search, setSearch] = useState('');
  const [ruleMenu, setRuleMenu] = useState<TreeNode | null>(null);
  useEffect(() => setExpanded(g.index.branches), [g.index]);
  const shown = filterTree(g.tree, search);

  return (
    <Spin spinning={g.loading}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setExpanded(g.index.branches)}>
          全部展开
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          全部收起
        </Button>
        <Button size="small" onClick={g.checkAll}>
          全选
        </Button>
        <Button size="small" onClick={g.uncheckAll}>
          取消全选
        </Button>
        <Input.Search
          size="small"
          allowClear
          placeholder="搜索菜单"
          style={{ width: 180 }}
          onSearch={setSearch}
          onChange={(e) => !e.target.value && setSearch('')}
        />
        {extra}
      </Space>
      <div style={{ height, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>
        {shown.length ? (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            treeData={toData(shown, target?.dataRules ? setRuleMenu : undefined)}
            checkedKeys={{ checked: [...g.checked], halfChecked: [] }}
            expandedKeys={search ? g.index.branches : expanded}
            onExpand={(keys) => setExpanded(keys)}
            onCheck={(_, info) => g.toggle(String(info.node.key), info.checked)}
          />
        ) : (
          !g.loading && <Empty description={MSG.noData} />
        )}
      </div>
      <div style={{ marginTop: 12, textAlign: 'right' }}>
        <Space>
          <span style={{ color: 'var(--boss-color-weak)' }}>已选 {g.checked.size} 项</span>
          <Button
            type="primary"
            loading={g.saving}
            disabled={!target}
            onClick={async () => {
              if (await g.save()) {
                message.success(MSG.saved);
                onSaved?.();
              }
            }}
          >
            保存
          </Button>
        </Space>
      </div>
      {target?.dataRules && <RoleDataRulesDesktop rules={target.dataRules} menu={ruleMenu} onClose={() => setRuleMenu(null)} />}
    </Spin>
  );
}
