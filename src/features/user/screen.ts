// A sign-in side page described as data (steps, one form, a result, links), so that each page is a
// hook plus a description and the phone (antd-mobile) and desktop (antd) renderings stay thin.
import type { SmsSendOptions } from '@/hooks/useSmsCountdown';

export interface FieldSpec {
  name: string;
  label: string;
  placeholder: string;
  kind: 'text' | 'password' | 'tel' | 'sms';
  autoComplete?: string;
  maxLength?: number;
  /** For kind 'sms': how the SMS-code button validates and sends. */
  sms?: SmsSendOptions;
  readOnly?: boolean;
}

export interface FormSpec {
  fields: FieldSpec[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  submitText: string;
  onSubmit: () => void;
  loading: boolean;
  error: string | null;
  /** A secondary action beside the submit button (e.g. 上一步). */
  secondary?: { text: string; onClick: () => void };
}

export interface ScreenLink {
  text: string;
  to: string;
}

export interface ResultSpec {
  status: 'success' | 'info' | 'warning' | 'error';
  title: string;
  description?: string;
  /** The first is the primary action. */
  actions: ScreenLink[];
}

export interface ScreenSpec {
  title: string;
  /** Where the phone's back arrow goes. */
  backTo?: string;
  steps?: { items: string[]; current: number };
  intro?: string;
  form?: FormSpec;
  result?: ResultSpec;
  links?: ScreenLink[];
}
