// Desktop tags input: the text becomes tags of 2 characters (§5: semicolons stripped, one
// inserted every 2 characters); the value is the tags joined by ';'.
import { Input, Space, Tag } from 'antd';
import { tagsOf, tagsValue } from './pickerRules';
import type { PickerBaseProps } from './types';

export default function TagsPickerDesktop(p: PickerBaseProps) {
  const tags = tagsOf(p.value);
  return (
    <div style={p.style}>
      {!p.readOnly && (
        <Input
          aria-label={p.label}
          disabled={p.disabled}
          placeholder={p.placeholder ?? '请输入标签'}
          value={p.value ?? ''}
          allowClear
          onChange={(e) => p.onChange?.(tagsValue(e.target.value))}
        />
      )}
      <Space size={[4, 4]} wrap style={{ marginTop: p.readOnly ? 0 : 6 }} aria-label={`${p.label}标签`}>
        {tags.map((t, i) => (
          <Tag key={`${t}-${i}`} color="blue">
            {t}
          </Tag>
        ))}
      </Space>
    </div>
  );
}
