// State of one cron builder (desktop dialog or phone popup): the per-unit state, the expression it
// writes, and the preview of the next 10 run times, recomputed 500 ms after the last change from
// the server (GET /sys/quartzJob/nextRuns) or, offline, by the contract's nextRuns.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CronMode, CronState, CronUnit, CronUnitState } from '@contract/cron';
import { JOB_PATHS } from '@contract/api/jobs';
import { sysGet } from '@/api/request';
import { createPreviewLoader, expressionOf, stateFromExpression, toggleValue, updateUnit, type PreviewResult } from './cronBuilder';

async function remoteNextRuns(cron: string): Promise<string[]> {
  const res = await sysGet<string[]>(JOB_PATHS.nextRuns, { cron }, { silent: true });
  if (!res.success) throw new Error(res.message);
  return res.result;
}

export interface CronBuilder {
  state: CronState;
  expression: string;
  /** False when the initial expression used a form the builder cannot show (it started from the default). */
  parsedInitial: boolean;
  preview: PreviewResult | null;
  previewLoading: boolean;
  setMode: (unit: CronUnit, mode: CronMode) => void;
  patch: (unit: CronUnit, patch: Partial<CronUnitState>) => void;
  toggle: (unit: CronUnit, value: number) => void;
  /** Loads a typed expression into the builder; false when the builder cannot show it. */
  load: (expr: string) => boolean;
}

export function useCronBuilder(initial: string | undefined, open: boolean): CronBuilder {
  const [{ state, parsed }, setAll] = useState(() => stateFromExpression(initial));
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const expression = useMemo(() => expressionOf(state), [state]);
  const loader = useRef<ReturnType<typeof createPreviewLoader> | null>(null);

  // Each opening starts from the field's current value.
  useEffect(() => {
    if (open) setAll(stateFromExpression(initial));
  }, [open, initial]);

  useEffect(() => {
    loader.current = createPreviewLoader(remoteNextRuns, setPreview);
    return () => loader.current?.cancel();
  }, []);

  useEffect(() => {
    if (open) loader.current?.request(expression);
    else loader.current?.cancel();
  }, [open, expression]);

  const setState = useCallback((f: (s: CronState) => CronState) => setAll((prev) => ({ state: f(prev.state), parsed: prev.parsed })), []);
  return {
    state,
    expression,
    parsedInitial: parsed,
    preview,
    previewLoading: !preview || preview.expression !== expression,
    setMode: (unit, mode) => setState((s) => updateUnit(s, unit, { mode })),
    patch: (unit, p) => setState((s) => updateUnit(s, unit, p)),
    toggle: (unit, value) => setState((s) => toggleValue(s, unit, value)),
    load: (expr) => {
      const next = stateFromExpression(expr);
      if (next.parsed) setAll(next);
      return next.parsed;
    },
  };
}
