// Dialogs shared by both layouts (spec §2 Dialogs). Each dialog is a thin wrapper that lazy-loads
// its antd view on a desktop or its antd-mobile view on a phone, so a phone never downloads antd;
// the rules and calls live here, once, in plain TypeScript.
import type { z } from 'zod';

/** First message per field of a zod schema's failure, keyed by the field's name. */
export function fieldErrors<S extends z.ZodType>(schema: S, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(blankToEmpty(values));
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Untouched form fields are undefined; the schemas speak of empty strings, which get the "required" messages. */
function blankToEmpty(values: unknown): unknown {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return values;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? '']));
}

/** An rc-field-form rule (antd and antd-mobile share the form engine) checking one field against a schema of the whole form. */
export function schemaRule<S extends z.ZodType>(schema: S, field: string) {
  return ({ getFieldsValue }: { getFieldsValue: () => unknown }) => ({
    validator: () => {
      const message = fieldErrors(schema, getFieldsValue())[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

/** The message of a failed call, for a warning: the server's own words when it gave any. */
export function failureMessage(err: unknown, fallback = '操作失败'): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
