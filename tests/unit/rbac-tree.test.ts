// Pure rules of the permission trees: checking grants the subtree and the menus above it,
// unchecking withdraws the subtree; search keeps ancestors; drill-down paths.
import { describe, expect, it } from 'vitest';
import type { TreeNode } from '@contract/api/rbac';
import { ancestors, descendants, filterTree, indexTree, known, pathTo, toggleChecked } from '@/features/auth/treeRules';

const tree: TreeNode[] = [
  {
    key: 'sys',
    title: '系统管理',
    children: [
      {
        key: 'role',
        title: '角色管理',
        children: [
          { key: 'role-add', title: '添加角色' },
          { key: 'role-del', title: '删除角色' },
        ],
      },
      { key: 'log', title: '日志管理' },
    ],
  },
  { key: 'home', title: '首页' },
];

describe('permission tree rules', () => {
  const idx = indexTree(tree);
  it('indexes branches, parents and all keys', () => {
    expect(idx.branches).toEqual(['sys', 'role']);
    expect(idx.all).toHaveLength(6);
    expect(ancestors(idx, 'role-add')).toEqual(['role', 'sys']);
    expect(descendants(idx, 'sys').sort()).toEqual(['log', 'role', 'role-add', 'role-del']);
  });
  it('checking a button grants its menus; checking a menu grants its buttons', () => {
    expect([...toggleChecked(idx, new Set(), 'role-add', true)].sort()).toEqual(['role', 'role-add', 'sys']);
    expect([...toggleChecked(idx, new Set(), 'role', true)].sort()).toEqual(['role', 'role-add', 'role-del', 'sys']);
  });
  it('unchecking withdraws the subtree and leaves the parents', () => {
    const all = new Set(idx.all);
    expect([...toggleChecked(idx, all, 'role', false)].sort()).toEqual(['home', 'log', 'sys']);
  });
  it('drops unknown keys, filters by title with ancestors, and finds paths', () => {
    expect([...known(idx, ['home', 'ghost'])]).toEqual(['home']);
    const f = filterTree(tree, '删除');
    expect(f).toHaveLength(1);
    expect(f[0].children![0].children!.map((n) => n.key)).toEqual(['role-del']);
    expect(filterTree(tree, '  ')).toBe(tree);
    expect(pathTo(tree, 'role-del').map((n) => n.key)).toEqual(['sys', 'role', 'role-del']);
    expect(pathTo(tree, null)).toEqual([]);
  });
});
