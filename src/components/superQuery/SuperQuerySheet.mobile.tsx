// 高级查询构造器 on a phone (spec §3, §5; antd-mobile only): a full-screen sheet with two tabs. 查询条件:
// the and/or choice and one card per condition (field and rule Pickers, the value widget of the field),
// 添加条件, and 重置 / 保存 / 查询 at the bottom. 保存的查询: the page's saved queries (the same local
// storage as desktop), tap to apply, 删除 to remove. State and rules: useSuperQueryBuilder.
import { useMemo, useState, type CSSProperties } from 'react';
import { Button, Dialog, Empty, Input, List, NavBar, Picker, Popup, SafeArea, Selector, Tabs, Toast } from 'antd-mobile';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import type { SuperQueryRow } from '@/components/list/types';
import { MATCH_TYPES, RULE_LABELS, SUPER_QUERY_TITLE, rulesFor, savedSummary } from './superQueryRules';
import { useSuperQueryBuilder, type SuperQueryBuilder, type SuperQueryBuilderProps, type SuperQueryUi } from './useSuperQueryBuilder';
import SuperQueryValue from './SuperQueryValue.mobile';

const phoneUi: SuperQueryUi = {
  success: (m) => Toast.show({ icon: 'success', content: m }),
  warning: (m) => Toast.show({ content: m }),
  confirm: (content) => Dialog.confirm({ title: '提示', content }),
};

const LABEL_WIDTH = { '--prefix-width': '3em' } as CSSProperties;
const hint = (text: string) => <span style={{ color: '#ccc' }}>{text}</span>;

type Tab = 'conditions' | 'saved';
type PickerFor = { kind: 'field' | 'rule'; index: number };

export default function SuperQuerySheet(props: SuperQueryBuilderProps) {
  const { open, fields, onClose } = props;
  const b = useSuperQueryBuilder(props, phoneUi);
  const [tab, setTab] = useState<Tab>('conditions');
  const [naming, setNaming] = useState(false);
  const [picker, setPicker] = useState<PickerFor | null>(null);

  const pickerRow: SuperQueryRow | undefined = picker ? b.rows[picker.index] : undefined;
  const columns = useMemo(() => {
    if (!picker || !pickerRow) return [[]];
    if (picker.kind === 'field') return [fields.map((f) => ({ value: f.field, label: f.label }))];
    return [rulesFor(pickerRow.type).map((r) => ({ value: r, label: RULE_LABELS[r] }))];
  }, [picker, pickerRow, fields]);

  const save = async () => {
    if (await b.save()) setNaming(false);
  };

  return (
    <Popup visible={open} position="right" onClose={onClose} bodyStyle={{ width: '100vw', height: '100%' }} className="super-query-sheet">
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%', background: '#f5f5f5' }}>
        <SafeArea position="top" />
        <NavBar
          back={null}
          left={
            // The bar's left side is already the button; its own back text would be hidden from assistive tech.
            <span onClick={onClose} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 15 }}>
              <LeftOutline fontSize={20} /> 关闭
            </span>
          }
          style={{ background: '#fff' }}
        >
          {SUPER_QUERY_TITLE}
        </NavBar>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} style={{ background: '#fff', '--content-padding': '0' } as CSSProperties}>
          <Tabs.Tab key="conditions" title="查询条件" />
          <Tabs.Tab key="saved" title={`保存的查询${b.saved.length ? `(${b.saved.length})` : ''}`} />
        </Tabs>
        <div style={{ flex: 1, overflowY: 'auto', padding: tab === 'conditions' ? 12 : 0 }}>
          {tab === 'conditions' ? <Conditions b={b} onPick={setPicker} /> : <SavedList b={b} />}
        </div>
        {tab === 'conditions' && (
          <div style={{ display: 'flex', gap: 8, padding: '8px 12px', background: '#fff', borderTop: '1px solid #eee' }}>
            <Button block onClick={b.reset}>
              重置
            </Button>
            <Button
              block
              onClick={() => {
                if (b.canSave()) setNaming(true);
              }}
            >
              保存
            </Button>
            <Button block color="primary" onClick={b.query}>
              查询
            </Button>
          </div>
        )}
        <SafeArea position="bottom" />
      </div>
      <Picker
        title={picker?.kind === 'field' ? '选择查询字段' : '选择匹配规则'}
        visible={picker !== null}
        columns={columns}
        value={[pickerRow ? (picker?.kind === 'field' ? pickerRow.field || null : pickerRow.rule) : null]}
        onClose={() => setPicker(null)}
        onConfirm={([v]) => {
          if (!picker || v === null || v === undefined) return;
          if (picker.kind === 'field') b.setField(picker.index, String(v));
          else b.setRule(picker.index, v as SuperQueryRow['rule']);
        }}
      />
      <Dialog
        visible={naming}
        title="保存查询条件"
        content={
          <Input
            placeholder="请输入保存的名称"
            maxLength={50}
            clearable
            value={b.saveName}
            onChange={b.setSaveName}
            onEnterPress={() => void save()}
            style={{ border: '1px solid #eee', borderRadius: 4, padding: '4px 8px', boxSizing: 'border-box' }}
          />
        }
        closeOnMaskClick
        onClose={() => setNaming(false)}
        actions={[
          [
            { key: 'cancel', text: '取消' },
            { key: 'save', text: '保存', bold: true },
          ],
        ]}
        onAction={(a) => (a.key === 'save' ? save() : setNaming(false))}
      />
    </Popup>
  );
}

function Conditions({ b, onPick }: { b: SuperQueryBuilder; onPick: (p: PickerFor) => void }) {
  const joiner = MATCH_TYPES.find((m) => m.value === b.matchType)?.short;
  return (
    <>
      <div style={{ background: '#fff', borderRadius: 8, padding: 12, marginBottom: 12 }}>
        <div style={{ marginBottom: 8, fontWeight: 500 }}>过滤条件匹配</div>
        <Selector
          columns={2}
          options={MATCH_TYPES.map((m) => ({ value: m.value, label: m.short, description: m.description }))}
          value={[b.matchType]}
          onChange={(v) => v[0] && b.setMatchType(v[0])}
        />
      </div>
      {b.rows.map((row, i) => (
        <div key={i}>
          {i > 0 && <div style={{ textAlign: 'center', color: 'var(--boss-color-weak)', fontSize: 12, margin: '-4px 0 8px' }}>{joiner}</div>}
          <div data-testid="super-query-card" style={{ background: '#fff', borderRadius: 8, marginBottom: 12, overflow: 'hidden' }}>
            <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '10px 12px 2px' }}>
              <span style={{ fontWeight: 500 }}>条件{i + 1}</span>
              <span
                role="button"
                aria-label="删除条件"
                onClick={() => b.removeRow(i)}
                style={{ color: 'var(--adm-color-danger)', fontSize: 13, display: 'inline-flex', alignItems: 'center', gap: 2 }}
              >
                <DeleteOutline /> 删除
              </span>
            </div>
            <List style={{ '--border-top': 'none', '--border-bottom': 'none' } as CSSProperties}>
              <List.Item prefix="字段" style={LABEL_WIDTH} arrowIcon onClick={() => onPick({ kind: 'field', index: i })} data-testid="super-query-field">
                {b.fieldOf(row.field)?.label ?? hint('请选择查询字段')}
              </List.Item>
              <List.Item prefix="规则" style={LABEL_WIDTH} arrowIcon onClick={() => onPick({ kind: 'rule', index: i })} data-testid="super-query-rule">
                {RULE_LABELS[row.rule]}
              </List.Item>
              <SuperQueryValue row={row} field={b.fieldOf(row.field)} onChange={(val) => b.setValue(i, val)} />
            </List>
          </div>
        </div>
      ))}
      <Button block fill="outline" color="primary" style={{ borderStyle: 'dashed' }} onClick={() => b.addRowAfter(b.rows.length - 1)}>
        <AddOutline /> 添加条件
      </Button>
    </>
  );
}

function SavedList({ b }: { b: SuperQueryBuilder }) {
  if (!b.saved.length) return <Empty description="没有保存任何查询" style={{ padding: '64px 0' }} />;
  const remove = async (title: string) => {
    if (await Dialog.confirm({ content: '确定删除吗？' })) b.deleteSaved(title);
  };
  return (
    <List data-testid="super-query-saved">
      {b.saved.map((q) => (
        <List.Item
          key={q.title}
          description={savedSummary(q)}
          onClick={() => b.applySaved(q)}
          arrowIcon={false}
          extra={
            <span
              role="button"
              aria-label={`删除${q.title}`}
              style={{ color: 'var(--adm-color-danger)', padding: '8px 0 8px 12px' }}
              onClick={(e) => {
                e.stopPropagation();
                void remove(q.title);
              }}
            >
              删除
            </span>
          }
        >
          {q.title}
        </List.Item>
      ))}
    </List>
  );
}
