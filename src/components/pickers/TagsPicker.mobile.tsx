// Phone tags input: the same §5 rule as the desktop; tags shown under the input.
import { Input, Space, Tag } from 'antd-mobile';
import { tagsOf, tagsValue } from './pickerRules';
import type { PickerBaseProps } from './types';

export default function TagsPickerMobile(p: PickerBaseProps) {
  const tags = tagsOf(p.value);
  return (
    <div style={p.style}>
      {!p.readOnly && (
        <div style={{ border: '1px solid #e5e5e5', borderRadius: 6, padding: '8px 10px', background: p.disabled ? '#f5f5f5' : '#fff' }}>
          <Input
            aria-label={p.label}
            disabled={p.disabled}
            placeholder={p.placeholder ?? '请输入标签'}
            value={p.value ?? ''}
            clearable
            onChange={(v) => p.onChange?.(tagsValue(v))}
          />
        </div>
      )}
      <Space wrap style={{ marginTop: p.readOnly ? 0 : 6, '--gap': '4px' }} aria-label={`${p.label}标签`}>
        {tags.map((t, i) => (
          <Tag key={`${t}-${i}`} color="primary" fill="outline">
            {t}
          </Tag>
        ))}
      </Space>
    </div>
  );
}
