// The phone view of the paged pickers (users, business entities), one for both: the field that
// opens the full-screen PagedSheet of the picker's rows, and the sheet's search row (a search box
// and 重置). Each picker adds its own search area around that row (department, chosen tags).
import type { CSSProperties, ReactNode } from 'react';
import { Button, SearchBar } from 'antd-mobile';
import PagedSheet from './PagedSheet.mobile';
import PickerField from './PickerField.mobile';
import type { PickerBaseProps } from './types';

type SheetProps<R> = Parameters<typeof PagedSheet<R>>[0];

interface Props<R> extends Pick<SheetProps<R>, 'title' | 'listLabel' | 'keyOf' | 'textOf' | 'descriptionOf' | 'header'> {
  /** The picker's own props (label, value, states, onChange). */
  picker: PickerBaseProps & { multiple?: boolean };
  /** The field's text: the chosen rows of the stored value. */
  text: string;
  /** Shown when the picker has no placeholder of its own. */
  placeholder: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The paged rows and the choice (usePagedPicker), and what 确定 does with it. */
  paged: SheetProps<R>['paged'] & { confirm: () => void | boolean };
  /** What opens the sheet in place of the field (a grid's popup cell). */
  trigger?: (open: () => void) => ReactNode;
}

export function PagedPickerMobile<R>({ picker: p, text, placeholder, open, onOpenChange, paged, trigger, ...sheet }: Props<R>) {
  return (
    <>
      {trigger ? (
        trigger(() => onOpenChange(true))
      ) : (
        <PickerField
          label={p.label}
          text={text}
          placeholder={p.placeholder ?? placeholder}
          disabled={p.disabled}
          readOnly={p.readOnly}
          style={p.style}
          onOpen={() => onOpenChange(true)}
          onClear={() => p.onChange?.('')}
        />
      )}
      <PagedSheet {...sheet} open={open} multiple={p.multiple} paged={paged} onClose={() => onOpenChange(false)} onConfirm={paged.confirm} />
    </>
  );
}

/** The search row of a paged picker's sheet: the box (查询 on Enter) and 重置. */
export function SheetSearch(props: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  onReset: () => void;
  style: CSSProperties;
}) {
  return (
    <div style={props.style}>
      <SearchBar style={{ flex: 1 }} placeholder={props.placeholder} value={props.value} onChange={props.onChange} onSearch={props.onSearch} />
      <Button size="small" onClick={props.onReset}>
        重置
      </Button>
    </div>
  );
}
