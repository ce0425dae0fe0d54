// Phone business-entity picker: the field opens a full-screen sheet with the name search, the
// chosen entities as tags (tap to remove), the list with checks and 加载更多, and 确定.
import { useState } from 'react';
import { Space, Tag } from 'antd-mobile';
import { PagedPickerMobile, SheetSearch } from './PagedPicker.mobile';
import { ENTITY_PICKER_TITLE, entityText, useEntityPicker, type EntityPickerProps } from './useEntityPicker';

export default function EntityPickerMobile(p: EntityPickerProps) {
  const [open, setOpen] = useState(false);
  const e = useEntityPicker(p, open);
  return (
    <PagedPickerMobile
      picker={p}
      text={e.shown.map(entityText).join(', ')}
      placeholder="请选择业务主体"
      open={open}
      onOpenChange={setOpen}
      title={ENTITY_PICKER_TITLE}
      listLabel="业务主体"
      paged={e}
      keyOf={(r) => r.id}
      textOf={entityText}
      descriptionOf={(r) => r.url ?? undefined}
      header={
        <div style={{ background: '#fff' }}>
          <SheetSearch
            style={{ padding: '8px 12px', display: 'flex', gap: 8 }}
            placeholder="请输入主体名称"
            value={e.name}
            onChange={e.setName}
            onSearch={e.searchName}
            onReset={e.resetAll}
          />
          <div aria-label="已选" style={{ padding: '4px 12px 8px', fontSize: 13 }}>
            已选（{e.chosen.length}）：
            <Space wrap style={{ '--gap': '4px' }}>
              {e.chosen.map((c) => (
                <Tag key={c.id} color="primary" fill="outline" onClick={() => e.toggle(c)}>
                  {entityText(c)} ×
                </Tag>
              ))}
            </Space>
          </div>
        </div>
      }
    />
  );
}
