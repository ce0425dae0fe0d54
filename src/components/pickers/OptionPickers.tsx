// The option pickers of spec §1: positions (职务), dictionary items, roles and the plain
// multi-select. Each loads its options through the shared hook and renders the one option picker
// (antd Select on desktop, a check-list sheet on a phone); the value is the chosen values joined
// by the separator (§9 ',').
import { deviceView } from '@/hooks/deviceView';
import { dictOptions, positionOptions, roleOptions, type PickerOption } from './pickerCalls';
import type { OptionPickerProps, PickerBaseProps } from './types';
import { useOptionLoader } from './useOptionLoader';

export const OptionPicker = deviceView<OptionPickerProps>(
  () => import('./OptionPicker.desktop'),
  () => import('./OptionPicker.mobile'),
);

type LoadedProps = PickerBaseProps & { multiple?: boolean; separator?: string };

/** 职务: the tenant's positions; the value is their codes. */
export function PositionPicker(props: LoadedProps) {
  const s = useOptionLoader(positionOptions, 'positions');
  return <OptionPicker placeholder="请选择职务" {...props} {...s} />;
}

/** A dictionary's active items; an empty code is refused with the §5 message. */
export function DictPicker({ dictCode, ...props }: LoadedProps & { dictCode: string }) {
  const s = useOptionLoader(() => dictOptions(dictCode), `dict:${dictCode}`);
  return <OptionPicker {...props} {...s} />;
}

/** The tenant's roles; the value is their ids. */
export function RolePicker(props: LoadedProps) {
  const s = useOptionLoader(roleOptions, 'roles');
  return <OptionPicker placeholder="请选择角色" {...props} {...s} />;
}

/** A multi-select over fixed options; the value is joined by the separator. */
export function MultiSelectPicker(props: PickerBaseProps & { options: PickerOption[]; separator?: string; loading?: boolean; error?: string | null }) {
  return <OptionPicker multiple {...props} />;
}
