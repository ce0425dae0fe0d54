// Desktop business-entity picker: the chosen entities as tags with a 选择 button; the 900-wide
// dialog has the query form, the paged table (scroll 240, 5/10/20/30) and the selected-items panel.
import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { PAGE_SIZE_OPTIONS_BUSINESS } from '@contract/constants';
import {
  ENTITY_PICKER_TITLE,
  ENTITY_PICKER_WIDTH,
  ENTITY_TABLE_SCROLL_Y,
  entityText,
  useEntityPicker,
  type EntityPickerProps,
  type EntityRow,
} from './useEntityPicker';
import { pickerTableProps } from './pickerTable.desktop';

export default function EntityPickerDesktop(p: EntityPickerProps) {
  const [open, setOpen] = useState(false);
  const e = useEntityPicker(p, open);
  const inert = p.disabled || p.readOnly;
  return (
    <>
      <div
        aria-label={p.label}
        style={{
          display: 'flex',
          gap: 8,
          alignItems: 'center',
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          padding: '2px 4px 2px 8px',
          minHeight: 32,
          ...p.style,
        }}
      >
        <div style={{ flex: 1, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {e.shown.length ? (
            e.shown.map((x) => (
              <Tag key={x.id} title={x.entityName} closable={!inert} onClose={() => e.remove(x.id)}>
                {entityText(x)}
              </Tag>
            ))
          ) : (
            <span style={{ color: '#bfbfbf' }}>{p.placeholder ?? '请选择业务主体'}</span>
          )}
        </div>
        {!p.readOnly && (
          <Button size="small" disabled={inert} onClick={() => setOpen(true)}>
            选择
          </Button>
        )}
      </div>
      <Modal
        open={open}
        title={ENTITY_PICKER_TITLE}
        width={ENTITY_PICKER_WIDTH}
        onCancel={() => setOpen(false)}
        onOk={() => {
          e.confirm();
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Form layout="inline" style={{ marginBottom: 12 }} onFinish={e.searchName}>
          <Form.Item label="主体名称">
            <Input aria-label="主体名称" placeholder="请输入主体名称" value={e.name} onChange={(ev) => e.setName(ev.target.value)} allowClear />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button onClick={e.resetAll}>重置</Button>
          </Space>
        </Form>
        {e.error && <Alert type="error" showIcon message={e.error} style={{ marginBottom: 12 }} />}
        <div style={{ display: 'flex', gap: 12 }}>
          <Table<EntityRow>
            style={{ flex: 1, minWidth: 0 }}
            size="small"
            rowKey="id"
            loading={e.loading}
            dataSource={e.rows}
            scroll={{ y: ENTITY_TABLE_SCROLL_Y }}
            {...pickerTableProps(e, !!p.multiple, (c) => c.id)}
            columns={[
              { dataIndex: 'entityName', title: '主体名称', render: (_: string, r) => <span title={r.entityName}>{entityText(r)}</span> },
              { dataIndex: 'url', title: '地址', ellipsis: true },
              { dataIndex: 'status', title: '状态', width: 70, render: (s: number) => (Number(s) === 1 ? '启用' : '停用') },
            ]}
            pagination={{
              current: e.pageNo,
              pageSize: e.pageSize,
              total: e.total,
              pageSizeOptions: PAGE_SIZE_OPTIONS_BUSINESS,
              showSizeChanger: true,
              showQuickJumper: true,
              showTotal: (total) => `共${total}条`,
              onChange: (no, size) => e.goTo(no, size),
            }}
          />
          <Card size="small" title={`已选（${e.chosen.length}）`} style={{ width: 220, flex: 'none' }} aria-label="已选">
            {e.chosen.length ? (
              <Space size={[4, 4]} wrap>
                {e.chosen.map((c) => (
                  <Tag key={c.id} title={c.entityName} closable onClose={() => e.toggle(c)}>
                    {entityText(c)}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂未选择" />
            )}
          </Card>
        </div>
      </Modal>
    </>
  );
}
