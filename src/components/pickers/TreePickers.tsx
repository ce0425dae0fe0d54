// The tree pickers of spec §1: the tree select over a table (loadTreeData, with the §5 condition
// rule), the category tree (/sys/category) and the department tree (with search). Each is the one
// tree picker (antd TreeSelect on desktop, a level-by-level sheet on a phone) over its source.
import { useMemo } from 'react';
import { deviceView } from '@/hooks/deviceView';
import { categoryChildren, categoryNames, categoryRoots, departTree, tableTreeChildren, type TableTreeSource } from './pickerCalls';
import { parseTreeCondition } from './pickerRules';
import type { PickerBaseProps } from './types';
import type { TreePickerProps } from './useTreePicker';

export const TreePicker = deviceView<TreePickerProps>(
  () => import('./TreePicker.desktop'),
  () => import('./TreePicker.mobile'),
);

type Common = PickerBaseProps & { multiple?: boolean; separator?: string };

/**
 * A tree over an allow-listed table (GET /sys/dict/loadTreeData). `code` is the stored value and
 * must be the id column for the levels below to load; `condition` must be a JSON object string.
 */
export function TreeSelectPicker({ source, ...props }: Common & { source: TableTreeSource }) {
  const cond = parseTreeCondition(source.condition);
  const key = JSON.stringify(source);
  const calls = useMemo(() => ({ roots: () => tableTreeChildren(source), children: (pid: string) => tableTreeChildren(source, pid) }), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return <TreePicker {...props} {...calls} sourceKey={key} configError={cond.ok ? null : cond.message} />;
}

/** The category tree under `pcode` ('0': from the roots); the value is category ids. */
export function CategoryPicker({ pcode = '0', ...props }: Common & { pcode?: string }) {
  const calls = useMemo(() => ({ roots: () => categoryRoots(pcode), children: categoryChildren, names: categoryNames }), [pcode]);
  return <TreePicker placeholder="请选择分类" {...props} {...calls} sourceKey={`category:${pcode}`} />;
}

/** The tenant's departments, the whole tree with search; the value is department ids. */
export function DepartPicker(props: Common) {
  return <TreePicker placeholder="请选择部门" {...props} roots={departTree} sourceKey="departs" />;
}
