// The cron builder's pure rules for both renderings (spec §3, §4, §5): which modes each unit
// offers, the limits of every number input, the year options, the state transitions (each edit
// goes through contract applyCronRules: day/week exclusivity and the forced values), and the
// debounced preview loader. No React, no UI kit: the desktop dialog and the phone popup share it
// through useCronBuilder, and the unit tests drive it directly.
import {
  CRON_LIMITS,
  applyCronRules,
  defaultCronState,
  fromCronExpression,
  nextRuns,
  toCronExpression,
  validateCron,
  type CronMode,
  type CronState,
  type CronUnit,
  type CronUnitState,
} from '@contract/cron';
import { formatDateTime } from '@contract/time';

/** Tab order of the dialog: 秒 分 时 日 月 周 年. */
export const CRON_TABS: { unit: CronUnit; label: string; name: string }[] = [
  { unit: 'second', label: '秒', name: '秒' },
  { unit: 'minute', label: '分', name: '分钟' },
  { unit: 'hour', label: '时', name: '小时' },
  { unit: 'day', label: '日', name: '日' },
  { unit: 'month', label: '月', name: '月' },
  { unit: 'week', label: '周', name: '周' },
  { unit: 'year', label: '年', name: '年' },
];

/** The modes each unit offers, in the order the dialog lists them. */
export const UNIT_MODES: Record<CronUnit, CronMode[]> = {
  second: ['every', 'loop', 'range', 'specify'],
  minute: ['every', 'loop', 'range', 'specify'],
  hour: ['every', 'loop', 'range', 'specify'],
  day: ['every', 'none', 'loop', 'range', 'workday', 'lastWorkday', 'last', 'specify'],
  month: ['every', 'loop', 'range', 'specify'],
  week: ['every', 'none', 'range', 'nth', 'last', 'specify'],
  year: ['none', 'every', 'range', 'loop'],
};

/** Quartz weekdays: SUN=1 … SAT=7 (spec §4). */
export const WEEKDAY_OPTIONS = [
  { value: 1, label: '周日' },
  { value: 2, label: '周一' },
  { value: 3, label: '周二' },
  { value: 4, label: '周三' },
  { value: 5, label: '周四' },
  { value: 6, label: '周五' },
  { value: 7, label: '周六' },
];
export const weekdayLabel = (v: number) => WEEKDAY_OPTIONS.find((o) => o.value === v)?.label ?? String(v);

export interface Bounds {
  min: number;
  max: number;
}
/** Limits of the number inputs (spec §5). */
export interface UnitBounds {
  start: Bounds;
  end: Bounds;
  loopStart: Bounds;
  step: Bounds;
  value: Bounds;
  nth: Bounds;
}

export function unitBounds(unit: CronUnit, now: Date = new Date()): UnitBounds {
  const { min, max } = unit === 'year' ? yearBounds(now) : CRON_LIMITS[unit];
  const base: UnitBounds = {
    start: { min, max },
    end: { min, max },
    loopStart: { min, max },
    step: { min: 1, max: max - min + 1 },
    value: { min, max },
    nth: { min: 1, max: 5 },
  };
  switch (unit) {
    case 'second':
      return { ...base, step: { min: 1, max: 60 } };
    case 'minute':
      // Spec §5: minute range start and increment at least 1, increment up to 60.
      return { ...base, start: { min: 1, max: 59 }, step: { min: 1, max: 60 } };
    case 'day':
      // value: nW day, or N of L-N (0 is the month's last day itself).
      return { ...base, value: { min: 0, max: 31 } };
    case 'year':
      return { ...base, step: { min: 1, max: 99 } };
    default:
      return base;
  }
}

/** Year editor: this year through this year + 100, within the validation limits. */
export function yearBounds(now: Date = new Date()): Bounds {
  const y = Math.max(now.getFullYear(), CRON_LIMITS.year.min);
  return { min: y, max: Math.min(y + 100, CRON_LIMITS.year.max) };
}
export function yearOptions(now: Date = new Date()): number[] {
  const { min, max } = yearBounds(now);
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** Values of the specify grid of a unit. */
export function specifyOptions(unit: CronUnit): { value: number; label: string }[] {
  if (unit === 'week') return WEEKDAY_OPTIONS;
  const { min, max } = CRON_LIMITS[unit];
  return Array.from({ length: max - min + 1 }, (_, i) => ({
    value: min + i,
    label: String(min + i).padStart(unit === 'month' || unit === 'day' ? 1 : 2, '0'),
  }));
}

const clamp = (n: number, b: Bounds) => Math.min(b.max, Math.max(b.min, Math.round(Number.isFinite(n) ? n : b.min)));

/** Keeps every number of a unit inside its bounds (range end never before its start). */
export function clampUnit(unit: CronUnit, s: CronUnitState, now: Date = new Date()): CronUnitState {
  const b = unitBounds(unit, now);
  const valueBounds = unit === 'day' && s.mode === 'workday' ? { min: 1, max: 31 } : unit === 'day' && s.mode === 'last' ? { min: 0, max: 30 } : b.value;
  const start = clamp(s.start, s.mode === 'loop' ? b.loopStart : b.start);
  return {
    ...s,
    start,
    end: clamp(Math.max(s.end, s.mode === 'range' ? start : s.end), b.end),
    step: clamp(s.step, b.step),
    value: clamp(s.value, valueBounds),
    nth: clamp(s.nth, b.nth),
    values: s.values.filter((v) => v >= CRON_LIMITS[unit].min && v <= CRON_LIMITS[unit].max),
  };
}

/** The state after the user edits one unit: clamped, then the builder rules applied. */
export function updateUnit(state: CronState, unit: CronUnit, patch: Partial<CronUnitState>, now: Date = new Date()): CronState {
  const merged = { ...state[unit], ...patch };
  // Choosing specify with nothing ticked yet starts from the unit's smallest value, so the field never reads '*'.
  if (patch.mode === 'specify' && !merged.values.length) merged.values = [unit === 'year' ? yearBounds(now).min : CRON_LIMITS[unit].min];
  if (patch.mode && unit === 'day' && patch.mode === 'workday' && merged.value < 1) merged.value = 1;
  if (patch.mode && unit === 'week' && (patch.mode === 'nth' || patch.mode === 'last') && merged.value < 1) merged.value = 1;
  return applyCronRules({ ...state, [unit]: clampUnit(unit, merged, now) }, unit);
}

export function toggleValue(state: CronState, unit: CronUnit, value: number, now: Date = new Date()): CronState {
  const has = state[unit].values.includes(value);
  const values = has ? state[unit].values.filter((v) => v !== value) : [...state[unit].values, value].sort((a, b) => a - b);
  return updateUnit(state, unit, { mode: 'specify', values }, now);
}

/** The builder's state for an expression, or the default state when the builder cannot show it. */
export function stateFromExpression(expr: string | null | undefined, now: Date = new Date()): { state: CronState; parsed: boolean } {
  const text = (expr ?? '').trim();
  const parsed = text ? fromCronExpression(text, now.getFullYear()) : null;
  return { state: parsed ?? defaultCronState(now.getFullYear()), parsed: !!parsed };
}

export const expressionOf = (state: CronState) => toCronExpression(state);

/** The next 10 run times computed here (the offline fallback of the remote preview), as ISO instants like the server's. */
export function localPreview(expr: string, now: Date = new Date()): string[] {
  return nextRuns(expr, now, 10).map((d) => d.toISOString());
}

/** An ISO instant as 'YYYY-MM-DD HH:mm:ss' in the display zone (contract/time.ts); '—' when absent. */
export const formatRunTime = (iso: string | null | undefined) => formatDateTime(iso) || '—';

export interface PreviewResult {
  expression: string;
  times: string[];
  error: string | null;
  source: 'remote' | 'local';
}
export const PREVIEW_DEBOUNCE_MS = 500;

/**
 * Recomputes the preview PREVIEW_DEBOUNCE_MS after the last change (spec §4): each request()
 * cancels the pending one; an answer for an expression that is no longer current is dropped.
 * The remote call may fail (offline, server down): the contract's nextRuns answers instead.
 */
export function createPreviewLoader(remote: (expr: string) => Promise<string[]>, onResult: (r: PreviewResult) => void, delay = PREVIEW_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = '';
  return {
    request(expr: string) {
      latest = expr;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        const error = validateCron(expr);
        if (error) return onResult({ expression: expr, times: [], error, source: 'local' });
        remote(expr).then(
          (times) => latest === expr && onResult({ expression: expr, times, error: null, source: 'remote' }),
          () => latest === expr && onResult({ expression: expr, times: localPreview(expr), error: null, source: 'local' }),
        );
      }, delay);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      latest = '';
    },
  };
}

/** Short names of the modes (phone selector, and the dialog's summary of a unit). */
export function modeShortLabel(unit: CronUnit, mode: CronMode): string {
  const name = CRON_TABS.find((t) => t.unit === unit)?.name ?? '';
  switch (mode) {
    case 'every':
      return unit === 'day' ? '每日' : unit === 'week' ? '每周每天' : `每${name}`;
    case 'none':
      return '不指定';
    case 'loop':
      return '循环';
    case 'range':
      return '周期';
    case 'specify':
      return '指定';
    case 'workday':
      return '最近工作日';
    case 'lastWorkday':
      return '最后工作日';
    case 'last':
      return unit === 'week' ? '最后一个星期X' : '最后N天';
    case 'nth':
      return '第N周星期X';
  }
}
