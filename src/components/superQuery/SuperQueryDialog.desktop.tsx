// 高级查询构造器 (spec §3, §5): condition rows with a value widget per field type, and/or matching,
// saved queries in local storage with a side panel (apply, delete), save with a name (empty name
// refused, an existing name asks to overwrite). 查询 applies; 重置 clears and sets the flag off.
import { useEffect, useState } from 'react';
import { App, Button, Col, DatePicker, Empty, Input, InputNumber, List, Modal, Popconfirm, Row, Select, Space, Tooltip } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import MinusOutlined from '@ant-design/icons/MinusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import dayjs from 'dayjs';
import { useSnapshot } from 'valtio';
import { MSG } from '@contract/messages';
import { session } from '@/stores/session';
import type { SavedSuperQuery, SuperQueryField, SuperQueryRow, SuperQueryState } from '@/components/list/types';
import {
  RULE_LABELS,
  SUPER_QUERY_TITLE,
  SUPER_QUERY_WIDTH,
  checkSave,
  conditionsForQuery,
  loadSaved,
  newRow,
  rulesFor,
  storeSaved,
  upsertSaved,
  withField,
  withRule,
} from './superQueryRules';

export interface SuperQueryDialogProps {
  open: boolean;
  pageKey: string;
  fields: SuperQueryField[];
  value: SuperQueryState | null;
  onApply: (state: SuperQueryState) => void;
  onReset: () => void;
  onClose: () => void;
}

function ValueWidget({ row, field, onChange }: { row: SuperQueryRow; field?: SuperQueryField; onChange: (val: string | string[]) => void }) {
  const dicts = useSnapshot(session).dicts;
  const multiple = row.rule === 'in';
  const options = field?.options ?? (field?.dictCode ? (dicts[field.dictCode] ?? []).map((i) => ({ value: i.value, label: i.text })) : undefined);
  const style = { width: '100%' };
  if (options) {
    return <Select style={style} mode={multiple ? 'multiple' : undefined} allowClear placeholder="请选择" options={options} value={row.val === '' ? undefined : row.val} onChange={(v) => onChange(v ?? (multiple ? [] : ''))} />;
  }
  if (multiple) return <Select style={style} mode="tags" placeholder="输入后回车，可输入多个值" open={false} value={row.val as string[]} onChange={(v) => onChange(v)} />;
  if (row.type === 'number') return <InputNumber style={style} placeholder="请输入数值" value={row.val === '' ? null : Number(row.val)} onChange={(v) => onChange(v === null ? '' : String(v))} />;
  if (row.type === 'date' || row.type === 'datetime') {
    const format = row.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
    return <DatePicker style={style} showTime={row.type === 'datetime'} format={format} value={row.val ? dayjs(String(row.val)) : null} onChange={(d) => onChange(d ? d.format(format) : '')} />;
  }
  return <Input placeholder="请输入值" value={row.val as string} onChange={(e) => onChange(e.target.value)} />;
}

export default function SuperQueryDialog({ open, pageKey, fields, value, onApply, onReset, onClose }: SuperQueryDialogProps) {
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<SuperQueryRow[]>([newRow()]);
  const [matchType, setMatchType] = useState<'and' | 'or'>('and');
  const [saved, setSaved] = useState<SavedSuperQuery[]>([]);
  const [saveName, setSaveName] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setRows(value?.rows.length ? value.rows : [newRow()]);
    setMatchType(value?.matchType ?? 'and');
    setSaved(loadSaved(pageKey));
  }, [open, value, pageKey]);

  const fieldOf = (name: string) => fields.find((f) => f.field === name);
  const update = (i: number, next: SuperQueryRow) => setRows((rs) => rs.map((r, j) => (j === i ? next : r)));

  const query = () => {
    const checked = conditionsForQuery(rows);
    if (!checked.ok) return void message.warning(checked.message);
    onApply({ rows: checked.rows, matchType });
    onClose();
  };
  const reset = () => {
    setRows([newRow()]);
    setMatchType('and');
    onReset();
  };
  const persist = (list: SavedSuperQuery[]) => {
    storeSaved(pageKey, list);
    setSaved(list);
  };
  const save = () => {
    const check = checkSave(rows, saveName, saved);
    if (!check.ok) return void message.warning(check.message);
    const item: SavedSuperQuery = { title: saveName.trim(), matchType, records: rows.filter((r) => conditionsForQuery([r]).ok) };
    const done = () => {
      persist(upsertSaved(saved, item));
      setSaving(false);
      setSaveName('');
      void message.success(MSG.saved);
    };
    if (check.exists) modal.confirm({ title: '提示', content: MSG.superQueryExists(item.title), onOk: done });
    else done();
  };
  const applySaved = (q: SavedSuperQuery) => {
    setRows(q.records.length ? q.records : [newRow()]);
    setMatchType(q.matchType);
    onApply({ rows: q.records, matchType: q.matchType });
    onClose();
  };

  return (
    <Modal
      title={SUPER_QUERY_TITLE}
      open={open}
      width={SUPER_QUERY_WIDTH}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={reset}>重置</Button>
          <Button onClick={() => setSaving((s) => !s)}>保存查询条件</Button>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" onClick={query}>查询</Button>
        </Space>
      }
    >
      <Row gutter={16}>
        <Col span={18}>
          <Space style={{ marginBottom: 12 }}>
            <span>过滤条件匹配：</span>
            <Select style={{ width: 260 }} value={matchType} onChange={setMatchType} options={[{ value: 'and', label: 'AND（所有条件都要求匹配）' }, { value: 'or', label: 'OR（条件中的任意一个匹配）' }]} popupMatchSelectWidth={false} />
          </Space>
          {saving && (
            <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
              <Input placeholder="请输入保存的名称" value={saveName} maxLength={50} onChange={(e) => setSaveName(e.target.value)} onPressEnter={save} />
              <Button type="primary" onClick={save}>保存</Button>
            </Space.Compact>
          )}
          {rows.map((row, i) => {
            const field = fieldOf(row.field);
            return (
              <Row key={i} gutter={8} style={{ marginBottom: 8 }} align="middle" data-testid="super-query-row">
                <Col span={7}>
                  <Select
                    style={{ width: '100%' }}
                    placeholder="选择查询字段"
                    showSearch={{ optionFilterProp: 'label' }}
                    value={row.field || undefined}
                    options={fields.map((f) => ({ value: f.field, label: f.label }))}
                    onChange={(name: string) => {
                      const f = fieldOf(name);
                      if (f) update(i, withField(row, f));
                    }}
                  />
                </Col>
                <Col span={5}>
                  <Select style={{ width: '100%' }} value={row.rule} options={rulesFor(row.type).map((r) => ({ value: r, label: RULE_LABELS[r] }))} onChange={(r) => update(i, withRule(row, r))} />
                </Col>
                <Col span={9}>
                  <ValueWidget row={row} field={field} onChange={(val) => update(i, { ...row, val })} />
                </Col>
                <Col span={3}>
                  <Space size={4}>
                    <Button size="small" icon={<PlusOutlined />} aria-label="添加条件" onClick={() => setRows((rs) => [...rs.slice(0, i + 1), newRow(), ...rs.slice(i + 1)])} />
                    <Button size="small" icon={<MinusOutlined />} aria-label="删除条件" onClick={() => setRows((rs) => (rs.length > 1 ? rs.filter((_, j) => j !== i) : [newRow()]))} />
                  </Space>
                </Col>
              </Row>
            );
          })}
        </Col>
        <Col span={6} style={{ borderLeft: '1px solid #f0f0f0' }}>
          <div style={{ fontWeight: 500, marginBottom: 8 }}>保存的查询</div>
          {saved.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
          ) : (
            <List
              size="small"
              dataSource={saved}
              renderItem={(q) => (
                <List.Item
                  actions={[
                    <Popconfirm key="d" title="确定删除吗？" onConfirm={() => persist(saved.filter((s) => s.title !== q.title))}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" />
                    </Popconfirm>,
                  ]}
                >
                  <Tooltip title={`${q.records.length} 个条件，${q.matchType === 'or' ? '任意' : '所有'}匹配`}>
                    <a onClick={() => applySaved(q)}><FileTextOutlined /> {q.title}</a>
                  </Tooltip>
                </List.Item>
              )}
            />
          )}
        </Col>
      </Row>
    </Modal>
  );
}
