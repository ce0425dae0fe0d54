// Desktop tree picker: an antd TreeSelect (levels load as they open when the source is lazy; the
// popup is at most 400 px high, §9), with search over the loaded nodes.
import { Input, Spin, TreeSelect } from 'antd';
import { MSG } from '@contract/messages';
import type { PickerNode } from './pickerCalls';
import { useTreePicker, type TreePickerProps } from './useTreePicker';
import FieldError from './FieldError.desktop';

interface AntNode {
  value: string;
  title: string;
  isLeaf?: boolean;
  children?: AntNode[];
}
const toAnt = (n: PickerNode): AntNode => ({ value: n.value, title: n.title, isLeaf: n.isLeaf, children: n.children?.map(toAnt) });

export default function TreePickerDesktop(p: TreePickerProps) {
  const t = useTreePicker(p);
  if (p.readOnly) return <Input aria-label={p.label} readOnly value={t.text} style={p.style} />;
  return (
    <div style={p.style}>
      <TreeSelect
        aria-label={p.label}
        style={{ width: '100%' }}
        treeData={t.tree.map(toAnt)}
        loadData={t.lazy ? (node) => t.loadChildren(String(node.value)).then(() => undefined) : undefined}
        multiple={p.multiple}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        disabled={p.disabled}
        loading={t.loading}
        status={t.error ? 'error' : undefined}
        placeholder={p.placeholder ?? '请选择'}
        listHeight={400}
        value={
          p.multiple
            ? t.values.map((v) => ({ value: v, label: t.titleOf(v) }))
            : t.values[0]
              ? { value: t.values[0], label: t.titleOf(t.values[0]) }
              : undefined
        }
        labelInValue
        notFoundContent={t.loading ? <Spin size="small" /> : (t.error ?? MSG.noData)}
        onChange={(v: { value: string; label?: unknown } | { value: string; label?: unknown }[] | undefined) =>
          t.set(Array.isArray(v) ? v.map((x) => x.value) : v ? [v.value] : [])
        }
      />
      <FieldError message={t.error} />
    </div>
  );
}
