// The announcement's recipients (指定用户 / 指定角色 / 指定部门), one field for both views: the shared
// user picker (the §2 选择用户 dialog, valued by user id), the role picker and the department tree.
// The form keeps the ids as a list; the pickers keep them joined by ','.
import { UserPicker } from '@/components/pickers/UserPicker';
import { RolePicker } from '@/components/pickers/OptionPickers';
import { DepartPicker } from '@/components/pickers/TreePickers';
import { joinValues, splitValues } from '@/components/pickers/pickerRules';
import { MSG_TYPE_OPTIONS } from './announcementForm';

export interface RecipientFieldProps {
  type: 'USER' | 'ROLE' | 'DEPART';
  value?: string[];
  onChange?: (ids: string[]) => void;
}

export default function RecipientField({ type, value, onChange }: RecipientFieldProps) {
  const common = {
    label: MSG_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? '',
    multiple: true,
    value: joinValues(value ?? []),
    onChange: (v: string) => onChange?.(splitValues(v)),
  };
  if (type === 'USER') return <UserPicker {...common} valueField="id" />;
  if (type === 'ROLE') return <RolePicker {...common} />;
  return <DepartPicker {...common} />;
}
