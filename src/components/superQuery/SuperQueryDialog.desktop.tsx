// 高级查询构造器 (spec §3, §5), desktop: condition rows with a value widget per field type, and/or
// matching, saved queries in a side panel (apply, delete), save with a name. The state and rules
// live in useSuperQueryBuilder / superQueryRules, shared with the phone sheet.
import { useMemo, useState } from 'react';
import { App, Button, Col, DatePicker, Empty, Input, InputNumber, List, Modal, Popconfirm, Row, Select, Space, Tooltip } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import MinusOutlined from '@ant-design/icons/MinusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import dayjs from 'dayjs';
import { useSnapshot } from 'valtio';
import { session } from '@/stores/session';
import type { SuperQueryField, SuperQueryRow } from '@/components/list/types';
import { MATCH_TYPES, RULE_LABELS, SUPER_QUERY_TITLE, SUPER_QUERY_WIDTH, dateFormatOf, optionsOf, rulesFor, savedSummary } from './superQueryRules';
import { useSuperQueryBuilder, type SuperQueryBuilderProps, type SuperQueryUi } from './useSuperQueryBuilder';

export type SuperQueryDialogProps = SuperQueryBuilderProps;

function ValueWidget({ row, field, onChange }: { row: SuperQueryRow; field?: SuperQueryField; onChange: (val: string | string[]) => void }) {
  const dicts = useSnapshot(session).dicts;
  const multiple = row.rule === 'in';
  const options = optionsOf(field, dicts);
  const style = { width: '100%' };
  if (options) {
    return (
      <Select
        style={style}
        mode={multiple ? 'multiple' : undefined}
        allowClear
        placeholder="请选择"
        options={options}
        value={row.val === '' ? undefined : row.val}
        onChange={(v) => onChange(v ?? (multiple ? [] : ''))}
      />
    );
  }
  if (multiple)
    return <Select style={style} mode="tags" placeholder="输入后回车，可输入多个值" open={false} value={row.val as string[]} onChange={(v) => onChange(v)} />;
  if (row.type === 'number')
    return (
      <InputNumber
        style={style}
        placeholder="请输入数值"
        value={row.val === '' ? null : Number(row.val)}
        onChange={(v) => onChange(v === null ? '' : String(v))}
      />
    );
  if (row.type === 'date' || row.type === 'datetime') {
    const format = dateFormatOf(row.type);
    return (
      <DatePicker
        style={style}
        showTime={row.type === 'datetime'}
        format={format}
        value={row.val ? dayjs(String(row.val)) : null}
        onChange={(d) => onChange(d ? d.format(format) : '')}
      />
    );
  }
  return <Input placeholder="请输入值" value={row.val as string} onChange={(e) => onChange(e.target.value)} />;
}

export default function SuperQueryDialog(props: SuperQueryDialogProps) {
  const { open, fields, onClose } = props;
  const { message, modal } = App.useApp();
  const ui = useMemo<SuperQueryUi>(
    () => ({
      success: (m) => void message.success(m),
      warning: (m) => void message.warning(m),
      confirm: (content) =>
        new Promise<boolean>((resolve) => modal.confirm({ title: '提示', content, onOk: () => resolve(true), onCancel: () => resolve(false) })),
    }),
    [message, modal],
  );
  const b = useSuperQueryBuilder(props, ui);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (await b.save()) setSaving(false);
  };

  return (
    <Modal
      title={SUPER_QUERY_TITLE}
      open={open}
      width={SUPER_QUERY_WIDTH}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={b.reset}>重置</Button>
          <Button onClick={() => setSaving((s) => !s)}>保存查询条件</Button>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" onClick={b.query}>
            查询
          </Button>
        </Space>
      }
    >
      <Row gutter={16}>
        <Col span={18}>
          <Space style={{ marginBottom: 12 }}>
            <span>过滤条件匹配：</span>
            <Select
              style={{ width: 260 }}
              value={b.matchType}
              onChange={b.setMatchType}
              options={MATCH_TYPES.map(({ value, label }) => ({ value, label }))}
              popupMatchSelectWidth={false}
            />
          </Space>
          {saving && (
            <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
              <Input
                placeholder="请输入保存的名称"
                value={b.saveName}
                maxLength={50}
                onChange={(e) => b.setSaveName(e.target.value)}
                onPressEnter={() => void save()}
              />
              <Button type="primary" onClick={() => void save()}>
                保存
              </Button>
            </Space.Compact>
          )}
          {b.rows.map((row, i) => (
            <Row key={i} gutter={8} style={{ marginBottom: 8 }} align="middle" data-testid="super-query-row">
              <Col span={7}>
                <Select
                  style={{ width: '100%' }}
                  placeholder="选择查询字段"
                  showSearch={{ optionFilterProp: 'label' }}
                  value={row.field || undefined}
                  options={fields.map((f) => ({ value: f.field, label: f.label }))}
                  onChange={(name: string) => b.setField(i, name)}
                />
              </Col>
              <Col span={5}>
                <Select
                  style={{ width: '100%' }}
                  value={row.rule}
                  options={rulesFor(row.type).map((r) => ({ value: r, label: RULE_LABELS[r] }))}
                  onChange={(r) => b.setRule(i, r)}
                />
              </Col>
              <Col span={9}>
                <ValueWidget row={row} field={b.fieldOf(row.field)} onChange={(val) => b.setValue(i, val)} />
              </Col>
              <Col span={3}>
                <Space size={4}>
                  <Button size="small" icon={<PlusOutlined />} aria-label="添加条件" onClick={() => b.addRowAfter(i)} />
                  <Button size="small" icon={<MinusOutlined />} aria-label="删除条件" onClick={() => b.removeRow(i)} />
                </Space>
              </Col>
            </Row>
          ))}
        </Col>
        <Col span={6} style={{ borderLeft: '1px solid #f0f0f0' }}>
          <div style={{ fontWeight: 500, marginBottom: 8 }}>保存的查询</div>
          {b.saved.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
          ) : (
            <List
              size="small"
              dataSource={b.saved}
              renderItem={(q) => (
                <List.Item
                  actions={[
                    <Popconfirm key="d" title="确定删除吗？" onConfirm={() => b.deleteSaved(q.title)}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" />
                    </Popconfirm>,
                  ]}
                >
                  <Tooltip title={savedSummary(q)}>
                    <a onClick={() => b.applySaved(q)}>
                      <FileTextOutlined /> {q.title}
                    </a>
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
