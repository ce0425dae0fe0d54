// Phone user picker: the field opens a full-screen sheet: the department (a tree sheet), the
// account search and 重置, the users with checks (one in single mode), 加载更多, 确定.
import { useState } from 'react';
import { PagedPickerMobile, SheetSearch } from './PagedPicker.mobile';
import TreePickerMobile from './TreePicker.mobile';
import { SEX_TEXT, USER_PICKER_PLACEHOLDER, USER_PICKER_TITLE, useUserPicker, type UserPickerProps } from './useUserPicker';

export default function UserPickerMobile(p: UserPickerProps) {
  const [open, setOpen] = useState(false);
  const u = useUserPicker(p, open);
  return (
    <PagedPickerMobile
      picker={p}
      text={u.text}
      placeholder={USER_PICKER_PLACEHOLDER}
      open={open}
      onOpenChange={setOpen}
      title={USER_PICKER_TITLE}
      listLabel="用户"
      paged={u}
      keyOf={(r) => r.username}
      textOf={(r) => r.realname}
      descriptionOf={(r) => [r.username, r.sex ? SEX_TEXT[r.sex] : '', r.orgCodeTxt].filter(Boolean).join(' · ')}
      header={
        <div style={{ padding: '8px 12px', display: 'flex', flexDirection: 'column', gap: 8, background: '#fff' }}>
          <TreePickerMobile
            label="部门"
            placeholder="全部部门"
            value={u.departId}
            onChange={u.chooseDepart}
            roots={() => Promise.resolve(u.departs)}
            sourceKey={`departs:${u.departs.length}`}
            configError={u.departError}
          />
          <SheetSearch
            style={{ display: 'flex', gap: 8, alignItems: 'center' }}
            placeholder="请输入用户账号"
            value={u.account}
            onChange={u.setAccount}
            onSearch={u.searchAccount}
            onReset={u.resetAll}
          />
        </div>
      }
    />
  );
}
