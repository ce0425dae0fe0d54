// The add / edit form of 职务管理, shared by the antd dialog and the antd-mobile popup: values,
// the contract's rules (the same zod schema the server applies) and the save call.
import { useEffect, useState } from 'react';
import { POSITION_P, positionBody, type PositionBody, type PositionRecord } from '@contract/api/position';
import { sysOrThrow, sysPost, sysPut } from '@/api/request';

export type PositionErrors = Partial<Record<keyof PositionBody, string>>;

const blank: PositionBody = { name: '', code: '', rank: '1' };

/** '' per valid field, else the first message of the contract schema. */
export function positionErrors(v: PositionBody): PositionErrors {
  const r = positionBody.safeParse(v);
  if (r.success) return {};
  const out: PositionErrors = {};
  for (const issue of r.error.issues) {
    const k = issue.path[0] as keyof PositionBody;
    out[k] ??= issue.message;
  }
  return out;
}

export function usePositionForm(record: PositionRecord | null, open: boolean, onSaved: () => void) {
  const [values, setValues] = useState<PositionBody>(blank);
  const [errors, setErrors] = useState<PositionErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (!open) return;
    setValues(record ? { name: record.name, code: record.code, rank: record.rank } : blank);
    setErrors({});
    setFailure('');
  }, [open, record]);

  const set = <K extends keyof PositionBody>(k: K, v: PositionBody[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  /** Saves; answers the success message, or null when a rule or the server refused. */
  const submit = async (): Promise<string | null> => {
    const found = positionErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return null;
    setSaving(true);
    setFailure('');
    try {
      const res = record
        ? await sysPut<PositionRecord>(POSITION_P.edit, { id: record.id, ...values }, { silent: true })
        : await sysPost<PositionRecord>(POSITION_P.add, values, { silent: true });
      sysOrThrow(res, true);
      onSaved();
      return res.message;
    } catch (err) {
      setFailure((err as Error).message || '保存失败');
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { values, errors, saving, failure, set, submit };
}
