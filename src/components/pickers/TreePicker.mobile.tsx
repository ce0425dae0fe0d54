// Phone tree picker: the field opens a sheet that walks the tree level by level (a trail of the
// opened nodes on top); a row's check chooses it, its arrow opens its level; the search lists the
// loaded nodes whose title matches.
import { useState } from 'react';
import { Button, Checkbox, DotLoading, List, Popup, SearchBar } from 'antd-mobile';
import { MSG } from '@contract/messages';
import type { PickerNode } from './pickerCalls';
import PickerField from './PickerField.mobile';
import { useTreePicker, type TreePickerProps } from './useTreePicker';

export default function TreePickerMobile(p: TreePickerProps) {
  const t = useTreePicker(p);
  const [open, setOpen] = useState(false);
  const [trail, setTrail] = useState<PickerNode[]>([]);
  const [level, setLevel] = useState<PickerNode[] | null>(null);
  const [opening, setOpening] = useState(false);
  const [text, setText] = useState('');
  const rows = text ? t.flat.filter((n) => n.title.includes(text)) : (level ?? t.tree);

  const enter = async (n: PickerNode) => {
    setOpening(true);
    const kids = n.children?.length ? n.children : await t.loadChildren(n.value);
    setOpening(false);
    setTrail((tr) => [...tr, n]);
    setLevel(kids);
  };
  const back = (i: number) => {
    const next = trail.slice(0, i);
    setTrail(next);
    setLevel(next.length ? (next[next.length - 1].children ?? []) : null);
  };
  const choose = (n: PickerNode) => {
    t.toggle(n.value);
    if (!p.multiple) setOpen(false);
  };

  return (
    <>
      <PickerField
        label={p.label}
        text={t.text}
        placeholder={p.placeholder ?? '请选择'}
        disabled={p.disabled}
        readOnly={p.readOnly}
        loading={t.loading}
        error={t.error}
        style={p.style}
        onOpen={() => setOpen(true)}
        onClear={() => t.set([])}
      />
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ height: '70vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', padding: 12 }}>
            <SearchBar style={{ flex: 1 }} placeholder={MSG.enterSearch} value={text} onChange={setText} />
            <Button size="small" color="primary" onClick={() => setOpen(false)}>
              完成
            </Button>
          </div>
          {!text && (
            <div style={{ padding: '0 12px 8px', fontSize: 13, color: 'var(--boss-color-weak)' }}>
              <a onClick={() => back(0)}>全部</a>
              {trail.map((n, i) => (
                <span key={n.value}>
                  {' / '}
                  <a onClick={() => back(i + 1)}>{n.title}</a>
                </span>
              ))}
            </div>
          )}
          <div style={{ flex: 1, overflowY: 'auto' }}>
            <List>
              {rows.map((n) => (
                <List.Item
                  key={n.value}
                  prefix={<Checkbox aria-label={`选择${n.title}`} checked={t.values.includes(n.value)} onChange={() => choose(n)} />}
                  arrow={!n.isLeaf && !text}
                  onClick={() => (n.isLeaf || text ? choose(n) : void enter(n))}
                >
                  {n.title}
                </List.Item>
              ))}
            </List>
            {(t.loading || opening) && (
              <div style={{ padding: 16, textAlign: 'center' }}>
                <DotLoading />
              </div>
            )}
            {!rows.length && !t.loading && !opening && (
              <div style={{ padding: 24, textAlign: 'center', color: 'var(--boss-color-weak)' }}>{t.error ?? MSG.noData}</div>
            )}
          </div>
        </div>
      </Popup>
    </>
  );
}
