// Add / edit forms of the configuration resources as data: fields, defaults and the contract's
// zod schema that the server applies too. Both form views (antd Modal, antd-mobile Popup) render
// these, so a form is written once.
import type { z } from 'zod';
import { CONFIG_BODIES, type ConfigResource } from '@contract/api/config';
import type { ListOption, ListRow } from '@/components/list/types';

export type FieldKind = 'input' | 'number' | 'textarea' | 'json' | 'password' | 'select' | 'status' | 'color';

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
  options?: ListOption[];
  /** Help text under the field. */
  help?: string;
  /** Shown only when adding. */
  addOnly?: boolean;
  /** Read-only when editing (e.g. codes other rows refer to). */
  fixedOnEdit?: boolean;
}

export interface FormSpec {
  resource: ConfigResource;
  title: string;
  fields: FormField[];
  defaults: Record<string, unknown>;
  width?: number;
  /** Values sent along that the form does not show (e.g. the dictionary of an item). */
  hidden?: (record: ListRow | null) => Record<string, unknown>;
  /** Options loaded when the form opens (field name → options), e.g. tenants and systems. */
  loadOptions?: () => Promise<Record<string, ListOption[]>>;
  /** Offer 测试连接 with the form's values (data sources). */
  testConnection?: boolean;
}

export type FormValues = Record<string, unknown>;

/** Form values of a record (or the defaults for a new one); numbers shown as numbers, nulls as ''. */
export function initialValues(spec: FormSpec, record: ListRow | null): FormValues {
  const out: FormValues = { ...spec.defaults };
  if (record) for (const f of spec.fields) out[f.name] = record[f.name] ?? spec.defaults[f.name] ?? '';
  // choices are strings on screen, whatever the wire type
  for (const f of spec.fields) {
    const v = out[f.name];
    if ((f.kind === 'status' || f.kind === 'select') && v !== undefined && v !== '') out[f.name] = String(v);
    if (f.kind === 'json' && typeof v === 'string' && v.trim()) out[f.name] = formatJson(v);
  }
  return out;
}

/** The values the server receives: blank optional texts as '', numbers as numbers. */
export function wireValues(spec: FormSpec, values: FormValues, record: ListRow | null): FormValues {
  const out: FormValues = { ...(spec.hidden?.(record) ?? {}) };
  for (const f of spec.fields) {
    const v = values[f.name];
    if (f.kind === 'number' || f.kind === 'status') out[f.name] = v === '' || v === undefined || v === null ? undefined : Number(v);
    else out[f.name] = v === undefined || v === null ? '' : typeof v === 'string' ? v : String(v);
  }
  return out;
}

/** Per-field messages of the contract schema (empty when valid). */
export function validate(spec: FormSpec, values: FormValues, record: ListRow | null): Record<string, string> {
  const schema = CONFIG_BODIES[spec.resource] as unknown as z.ZodType;
  const r = schema.safeParse(wireValues(spec, values, record));
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0] ?? '')] ??= i.message;
  return out;
}

/** Pretty-prints JSON text for the monospace editors; leaves invalid text alone. */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export const STATUS_OPTIONS: ListOption[] = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];
