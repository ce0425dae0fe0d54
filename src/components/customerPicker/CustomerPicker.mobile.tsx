import { useState } from 'react';
import { DotLoading, List, Popup, SearchBar, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { PICKER_PLACEHOLDER, type CustomerPickerProps } from './CustomerPicker';
import { useCustomerSearch, type PickedCustomer } from './useCustomerSearch';

export default function CustomerPickerMobile({ value, onChange, disabled, placeholder, style, allowClear }: CustomerPickerProps) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<PickedCustomer | null>(null);
  const search = useCustomerSearch(open);
  const current = value && shown?.cusCode === value ? shown : null;

  const choose = (c: PickedCustomer | null) => {
    if (c) search.pick(c);
    setShown(c);
    setOpen(false);
    search.setText('');
    onChange(c);
  };

  return (
    <>
      <div
        role="button"
        aria-label="客户"
        aria-disabled={disabled}
        onClick={() => !disabled && setOpen(true)}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          border: '1px solid #eee',
          borderRadius: 6,
          padding: '8px 10px',
          background: disabled ? '#f5f5f5' : '#fff',
          fontSize: 15,
          ...style,
        }}
      >
        <span style={{ flex: 1, color: value ? '#333' : 'var(--boss-color-weak)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current ? `${current.cusName}（${current.cusCode}）` : value || (placeholder ?? PICKER_PLACEHOLDER)}
        </span>
        {!disabled && <RightOutline color="#bbb" />}
      </div>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        position="bottom"
        bodyStyle={{ height: '70vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <div style={{ padding: '12px 12px 8px', display: 'flex', alignItems: 'center', gap: 8 }}>
            <SearchBar style={{ flex: 1 }} placeholder="按客户代码或名称搜索" value={search.text} onChange={search.setText} />
            <a role="button" onClick={() => setOpen(false)} style={{ color: '#666', flex: 'none' }}>
              取消
            </a>
          </div>
          <div style={{ flex: 1, overflowY: 'auto' }}>
            <List>
              {allowClear && value && (
                <List.Item onClick={() => choose(null)} style={{ color: 'var(--boss-color-weak)' }}>
                  不限客户
                </List.Item>
              )}
              {search.choices.map((c) => (
                <List.Item
                  key={c.cusCode}
                  onClick={() => choose({ cusCode: c.cusCode, cusName: c.cusName })}
                  description={c.cusCode}
                  extra={c.recent ? <Tag fill="outline">最近</Tag> : undefined}
                  arrow={false}
                >
                  {c.cusName}
                </List.Item>
              ))}
            </List>
            <div style={{ padding: 16, textAlign: 'center', color: 'var(--boss-color-weak)', fontSize: 13 }}>
              {search.loading ? (
                <DotLoading />
              ) : search.error ? (
                <span style={{ color: 'var(--adm-color-danger)' }}>{search.error}</span>
              ) : search.choices.length ? null : (
                '没有匹配的客户'
              )}
            </div>
          </div>
        </div>
      </Popup>
    </>
  );
}
