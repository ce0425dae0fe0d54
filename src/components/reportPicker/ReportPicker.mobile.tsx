// Phone popup report picker: the field opens a full-screen sheet with the report's first text query
// field as the search box, the rows with checks and 加载更多, and 确定 (refused with
// '请选择一条记录' when nothing, or more than one in single mode, is chosen).
import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { PagedPickerMobile, SheetSearch } from '@/components/pickers/PagedPicker.mobile';
import { cellText, useReportPicker, type ReportPickerProps } from './useReportPicker';

export default function ReportPickerMobile(p: ReportPickerProps) {
  const [open, setOpen] = useState(false);
  const r = useReportPicker(p, open);
  const cols = r.meta?.columns ?? [];
  const key = r.keywordField;
  return (
    <PagedPickerMobile
      picker={p}
      trigger={p.trigger}
      text={p.value ?? ''}
      placeholder="请选择"
      open={open}
      onOpenChange={setOpen}
      title={r.meta?.cgRpConfigName ?? '选择'}
      listLabel={r.meta?.cgRpConfigName ?? '选择'}
      paged={{
        ...r,
        confirm: () => {
          const refused = r.choose();
          if (refused) Toast.show({ content: refused });
          return !refused;
        },
      }}
      keyOf={(row) => row.id}
      textOf={(row) => (cols[0] ? cellText(row, cols[0].dataIndex) : row.id)}
      descriptionOf={(row) =>
        cols
          .slice(1, 4)
          .map((c) => cellText(row, c.dataIndex))
          .filter(Boolean)
          .join(' · ')
      }
      header={
        key ? (
          <div style={{ background: '#fff' }}>
            <SheetSearch
              style={{ padding: '8px 12px', display: 'flex', gap: 8 }}
              placeholder={`请输入${key.label}`}
              value={r.draft[key.field] ?? ''}
              onChange={(v) => r.setDraft(key.field, v)}
              onSearch={r.searchDraft}
              onReset={r.resetAll}
            />
          </div>
        ) : null
      }
    />
  );
}
