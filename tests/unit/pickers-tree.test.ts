// The tree pickers' pure helpers: a level loaded under its node, and the flat list the search and
// the chosen values' titles read.
import { describe, expect, it } from 'vitest';
import type { PickerNode } from '@/components/pickers/pickerCalls';
import { flattenNodes, withChildren } from '@/components/pickers/useTreePicker';

const tree: PickerNode[] = [
  { value: 'a', title: '商品', isLeaf: false, children: [{ value: 'a1', title: '食品', isLeaf: false }] },
  { value: 'b', title: '服务', isLeaf: false },
];

describe('tree picker helpers', () => {
  it('puts a loaded level under its node, deep or at the top, and marks an empty one a leaf', () => {
    const deep = withChildren(tree, 'a1', [{ value: 'a11', title: '饮料', isLeaf: true }]);
    expect(deep[0].children?.[0].children).toEqual([{ value: 'a11', title: '饮料', isLeaf: true }]);
    expect(deep[0].children?.[0].isLeaf).toBe(false);
    const empty = withChildren(tree, 'b', []);
    expect(empty[1]).toEqual({ value: 'b', title: '服务', isLeaf: true, children: [] });
    expect(tree[1].children).toBeUndefined(); // the input is not changed
  });
  it('flattens every loaded node, parents first', () => {
    expect(flattenNodes(withChildren(tree, 'a1', [{ value: 'a11', title: '饮料' }])).map((n) => n.value)).toEqual(['a', 'a1', 'a11', 'b']);
  });
});
