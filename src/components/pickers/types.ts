// Props every picker shares, and the option shape of the option pickers.
import type { CSSProperties } from 'react';
import type { PickerOption } from './pickerCalls';

export interface PickerBaseProps {
  /** The stored value: one value, or several joined by `separator`. */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Shows the chosen text only, with no way to change it. */
  readOnly?: boolean;
  placeholder?: string;
  /** Accessible name of the field (the form label). */
  label: string;
  style?: CSSProperties;
}

export interface OptionPickerProps extends PickerBaseProps {
  options: PickerOption[];
  loading?: boolean;
  /** A message in place of the options (load failed, bad configuration). */
  error?: string | null;
  multiple?: boolean;
  /** §9 default ','. */
  separator?: string;
}
