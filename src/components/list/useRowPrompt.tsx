// One reason (or value) asked before a row action runs: the page calls ask(...) from a row action
// or a button and renders `prompt`. On OK the call runs; success is shown and the list reloads; a
// refusal is shown and keeps the dialog open with what was typed.
import { useState } from 'react';
import type { Rule } from 'antd/es/form';
import { failureMessage } from '@/components/dialogs/formRules';
import { PromptDialog } from '@/components/modal/PromptDialog';
import type { ListKitApi, ListRow, RowAction } from './types';

export interface RowPrompt {
  title: string;
  label: string;
  placeholder?: string;
  defaultValue?: string;
  /** Default: required, at most 200 characters. */
  rules?: Rule[];
  kit: ListKitApi<ListRow> | ListKitApi<never>;
  /** The call with the typed value; answers the success text. */
  run: (value: string) => Promise<string>;
  /** After success (besides reloading the list). */
  after?: () => void;
}

export const REASON_RULES: Rule[] = [
  { required: true, whitespace: true, message: '请输入原因' },
  { max: 200, message: '原因不能超过200个字符' },
];

export function useRowPrompt() {
  const [open, setOpen] = useState<RowPrompt | null>(null);
  const onOk = async (value: string) => {
    const p = open!;
    const kit = p.kit as ListKitApi<ListRow>;
    try {
      kit.message.success(await p.run(value.trim()));
    } catch (err) {
      kit.message.warning(failureMessage(err));
      throw err;
    }
    await kit.reload();
    p.after?.();
  };
  const prompt = (
    <PromptDialog
      open={!!open}
      title={open?.title ?? ''}
      label={open?.label ?? ''}
      placeholder={open?.placeholder}
      defaultValue={open?.defaultValue}
      rules={open?.rules ?? REASON_RULES}
      onOk={onOk}
      onCancel={() => setOpen(null)}
    />
  );
  return { ask: setOpen, prompt };
}

/** A row action that asks for a reason, then calls `run(row, reason)` (answering the success text). */
export function reasonAction<T extends ListRow>(
  ask: (p: RowPrompt) => void,
  o: {
    key: string;
    text: string;
    label: string;
    title?: (row: T) => string;
    permission?: string;
    danger?: boolean;
    visible?: (row: T) => boolean;
    run: (row: T, reason: string) => Promise<string>;
    after?: () => void;
  },
): RowAction<T> {
  return {
    key: o.key,
    text: o.text,
    permission: o.permission,
    danger: o.danger,
    visible: o.visible,
    onClick: (row, kit) => ask({ kit, title: o.title?.(row) ?? o.text, label: o.label, rules: REASON_RULES, run: (v) => o.run(row, v), after: o.after }),
  };
}
