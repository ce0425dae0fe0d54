// The state of the 生成 (fill rule) and 测试 (check rule) dialogs, shared by both views.
import { useCallback, useEffect, useState } from 'react';
import { checkValue, nextRuleValue } from './api';

export interface RuleTryProps {
  mode: 'fill' | 'check';
  ruleCode: string;
  ruleName: string;
  onClose: () => void;
}

export interface RuleOutcome {
  ok: boolean;
  text: string;
}

export function useRuleTry({ mode, ruleCode }: Pick<RuleTryProps, 'mode' | 'ruleCode'>) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RuleOutcome | null>(null);
  /** Values generated in this dialog, newest first. */
  const [history, setHistory] = useState<string[]>([]);

  const run = useCallback(async () => {
    setBusy(true);
    try {
      if (mode === 'fill') {
        const r = await nextRuleValue(ruleCode);
        setOutcome({ ok: r.ok, text: r.ok ? (r.value ?? '') : r.message });
        if (r.ok && r.value) setHistory((h) => [r.value as string, ...h].slice(0, 5));
      } else {
        const r = await checkValue(ruleCode, value);
        setOutcome({ ok: r.ok, text: r.message });
      }
    } finally {
      setBusy(false);
    }
  }, [mode, ruleCode, value]);

  // A fill rule shows its next value as soon as the dialog opens.
  useEffect(() => {
    if (mode === 'fill') void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, ruleCode]);

  return {
    value,
    setValue: (v: string) => {
      setValue(v);
      setOutcome(null);
    },
    busy,
    outcome,
    history,
    run,
  };
}
