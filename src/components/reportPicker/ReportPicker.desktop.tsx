// Desktop popup report picker: a read-only box with 选择 (or the caller's trigger); the 1200-wide dialog has the report's
// query form, its paged table (10/20/30, quick jump, '共N条') with checkboxes (radios in single
// mode), the count chosen across pages, and 确定 refusing an empty choice with '请选择一条记录'.
import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Space, Table, message } from 'antd';
import dayjs from 'dayjs';
import { PAGE_SIZE_OPTIONS_PICKER } from '@contract/constants';
import type { ReportRow } from '@/api/reports';
import { REPORT_PICKER_WIDTH, cellText, useReportPicker, type ReportPickerProps } from './useReportPicker';
import { pickerTableProps } from '@/components/pickers/pickerTable.desktop';

const FMT = 'YYYY-MM-DD HH:mm:ss';

export default function ReportPickerDesktop(p: ReportPickerProps) {
  const [open, setOpen] = useState(false);
  const r = useReportPicker(p, open);
  const inert = p.disabled || p.readOnly;
  return (
    <>
      {p.trigger ? (
        p.trigger(() => setOpen(true))
      ) : (
        <Space.Compact role="group" aria-label={p.label} style={{ width: '100%', ...p.style }}>
          <Input aria-label={p.label} readOnly value={p.value ?? ''} placeholder={p.placeholder ?? '请选择'} disabled={p.disabled} />
          {!p.readOnly && (
            <Button disabled={inert} onClick={() => setOpen(true)}>
              选择
            </Button>
          )}
        </Space.Compact>
      )}
      <Modal
        open={open}
        title={r.meta?.cgRpConfigName ?? '选择'}
        width={REPORT_PICKER_WIDTH}
        onCancel={() => setOpen(false)}
        onOk={() => {
          const refused = r.choose();
          if (refused) void message.warning(refused);
          else setOpen(false);
        }}
        destroyOnHidden
      >
        {r.visibleFields.length > 0 && (
          <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={r.searchDraft}>
            {r.visibleFields.map((f) => (
              <Form.Item key={f.field} label={f.label}>
                {f.mode === 'range' && (f.type === 'datetime' || f.type === 'date') ? (
                  <DatePicker.RangePicker
                    aria-label={f.label}
                    showTime={f.type === 'datetime'}
                    value={r.draft[`${f.field}_begin`] ? [dayjs(r.draft[`${f.field}_begin`]), dayjs(r.draft[`${f.field}_end`])] : null}
                    onChange={(v) => {
                      r.setDraft(`${f.field}_begin`, v?.[0]?.format(FMT) ?? '');
                      r.setDraft(`${f.field}_end`, v?.[1]?.format(FMT) ?? '');
                    }}
                  />
                ) : f.options ? (
                  <Select
                    aria-label={f.label}
                    style={{ width: 160 }}
                    allowClear
                    placeholder={`请选择${f.label}`}
                    value={r.draft[f.field] || undefined}
                    options={f.options.map((o) => ({ value: o.value, label: o.text }))}
                    onChange={(v?: string) => r.setDraft(f.field, v ?? '')}
                  />
                ) : (
                  <Input
                    aria-label={f.label}
                    placeholder={`请输入${f.label}`}
                    value={r.draft[f.field] ?? ''}
                    onChange={(e) => r.setDraft(f.field, e.target.value)}
                    allowClear
                  />
                )}
              </Form.Item>
            ))}
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={r.resetAll}>重置</Button>
            </Space>
          </Form>
        )}
        {r.error && <Alert type="error" showIcon message={r.error} style={{ marginBottom: 12 }} />}
        <div aria-live="polite" style={{ marginBottom: 8 }}>
          已选 {r.chosen.length} 项
        </div>
        <Table<ReportRow>
          size="small"
          rowKey="id"
          loading={r.loading || (!r.meta && !r.error)}
          dataSource={r.rows}
          {...pickerTableProps(r, !!p.multiple, (c) => c.id)}
          columns={(r.meta?.columns ?? []).map((c) => ({
            dataIndex: c.dataIndex,
            title: c.title,
            ellipsis: true,
            render: (_: unknown, row: ReportRow) => cellText(row, c.dataIndex),
          }))}
          pagination={{
            current: r.pageNo,
            pageSize: r.pageSize,
            total: r.total,
            pageSizeOptions: PAGE_SIZE_OPTIONS_PICKER,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (total, range) => `${range[0]}-${range[1]} 共${total}条`,
            onChange: (no, size) => r.goTo(no, size),
          }}
        />
      </Modal>
    </>
  );
}
