// Quartz cron logic of spec §3, §4, §5: the builder's per-unit state, the forcing rules, validation
// with the spec's limits, and the next run times. Shared by the cron dialog and the scheduler.
// Expression order: second minute hour day month week [year]. Weekdays are Quartz: SUN=1 … SAT=7.
// Times are read on the display zone's wall clock (contract/time.ts), not the process's zone.
import { fromWallClock, toWallClock } from './time';

export const CRON_UNITS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronUnit = (typeof CRON_UNITS)[number];

export const CRON_LIMITS: Record<CronUnit, { min: number; max: number }> = {
  second: { min: 0, max: 59 },
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  day: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  week: { min: 1, max: 7 },
  year: { min: 2019, max: 2119 },
};
export const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export type CronMode = 'every' | 'none' | 'range' | 'loop' | 'specify' | 'workday' | 'last' | 'lastWorkday' | 'nth';
export interface CronUnitState {
  mode: CronMode;
  /** range start/end; loop start/step */
  start: number;
  end: number;
  step: number;
  /** specify: the chosen values; workday: day N; last (day): days before month end; last (week): weekday; nth: weekday */
  values: number[];
  value: number;
  /** nth weekday of month (1-5) */
  nth: number;
}
export type CronState = Record<CronUnit, CronUnitState>;

const base = (mode: CronMode, min: number): CronUnitState => ({ mode, start: min, end: min + 1, step: 1, values: [], value: min, nth: 1 });

export function defaultCronState(currentYear = new Date().getFullYear()): CronState {
  return {
    second: base('every', 0),
    minute: base('every', 0),
    hour: base('every', 0),
    day: base('every', 1),
    month: base('every', 1),
    week: base('none', 1),
    year: { ...base('none', currentYear), end: currentYear + 1 },
  };
}

/** The field text of one unit. */
export function unitField(unit: CronUnit, s: CronUnitState): string {
  switch (s.mode) {
    case 'every':
      return '*';
    case 'none':
      return unit === 'year' ? '' : '?';
    case 'range':
      return `${s.start}-${s.end}`;
    case 'loop':
      return `${s.start}/${s.step}`;
    case 'specify':
      return s.values.length ? [...s.values].sort((a, b) => a - b).join(',') : '*';
    case 'workday':
      return `${s.value}W`;
    case 'lastWorkday':
      return 'LW';
    case 'last':
      return unit === 'week' ? `${s.value}L` : s.value > 0 ? `L-${s.value}` : 'L';
    case 'nth':
      return `${s.value}#${s.nth}`;
  }
}

export function toCronExpression(state: CronState): string {
  const parts = CRON_UNITS.map((u) => unitField(u, state[u]));
  if (!parts[6]) parts.pop();
  return parts.join(' ');
}

/**
 * Applies the builder's rules after `changed` was edited: day and week exclude each other (the other
 * becomes '?'); a larger unit that is set forces the next-smaller unit off '*', in cascade (minute → second '0',
 * hour → minute '0', day or week → hour '0', year → month '1').
 */
export function applyCronRules(state: CronState, changed: CronUnit): CronState {
  const next: CronState = { ...state };
  for (const u of CRON_UNITS) next[u] = { ...state[u] };
  const set = (u: CronUnit) => next[u].mode !== 'every' && next[u].mode !== 'none';
  if (changed === 'day' && next.day.mode !== 'none') next.week = { ...next.week, mode: 'none' };
  if (changed === 'week' && next.week.mode !== 'none') next.day = { ...next.day, mode: 'none' };
  if (next.day.mode === 'none' && next.week.mode === 'none') next.day = { ...next.day, mode: 'every' };
  const force = (smaller: CronUnit, value: number) => {
    if (next[smaller].mode === 'every') next[smaller] = { ...next[smaller], mode: 'specify', values: [value] };
  };
  // From the largest unit down, so one forced unit forces the next in turn.
  if (set('year')) force('month', 1);
  if (set('day') || set('week')) force('hour', 0);
  if (set('hour')) force('minute', 0);
  if (set('minute')) force('second', 0);
  return next;
}

// ---------- parsing and matching ----------

type Matcher = (value: number, ctx: DayContext) => boolean;
interface DayContext {
  year: number;
  month: number;
  day: number;
  weekday: number;
  daysInMonth: number;
}

export class CronError extends Error {}

function num(text: string, unit: CronUnit): number {
  const upper = text.toUpperCase();
  if (unit === 'week' && WEEK_NAMES.includes(upper)) return WEEK_NAMES.indexOf(upper) + 1;
  if (unit === 'month' && MONTH_NAMES.includes(upper)) return MONTH_NAMES.indexOf(upper) + 1;
  if (!/^\d+$/.test(text)) throw new CronError(`${unit}: 无效的值 ${text}`);
  const n = Number(text);
  const { min, max } = CRON_LIMITS[unit];
  if (n < min || n > max) throw new CronError(`${unit}: ${n} 超出范围 ${min}-${max}`);
  return n;
}

function parseField(field: string, unit: CronUnit): Matcher {
  const { min, max } = CRON_LIMITS[unit];
  if (field === '*' || (field === '?' && (unit === 'day' || unit === 'week'))) return () => true;
  const parts = field.split(',');
  const matchers: Matcher[] = parts.map((part) => {
    let m: RegExpExecArray | null;
    if (unit === 'day') {
      if (part === 'L') return (_v, c) => c.day === c.daysInMonth;
      if (part === 'LW') return (_v, c) => c.day === lastWeekdayOfMonth(c);
      if ((m = /^L-(\d+)$/.exec(part))) {
        const n = Number(m[1]);
        if (n > 30) throw new CronError('day: L-n 超出范围');
        return (_v, c) => c.day === c.daysInMonth - n;
      }
      if ((m = /^(\d+)W$/.exec(part))) {
        const d = num(m[1], 'day');
        return (_v, c) => c.day === nearestWeekday(c, d);
      }
    }
    if (unit === 'week') {
      if ((m = /^(\w+)L$/.exec(part))) {
        const wd = num(m[1], 'week');
        return (_v, c) => c.weekday === wd && c.day + 7 > c.daysInMonth;
      }
      if ((m = /^(\w+)#(\d)$/.exec(part))) {
        const wd = num(m[1], 'week');
        const nth = Number(m[2]);
        if (nth < 1 || nth > 5) throw new CronError('week: 第几周须在1-5之间');
        return (_v, c) => c.weekday === wd && Math.ceil(c.day / 7) === nth;
      }
    }
    if ((m = /^(\*|\w+)\/(\d+)$/.exec(part))) {
      const start = m[1] === '*' ? min : num(m[1], unit);
      const step = Number(m[2]);
      const maxStep = unit === 'year' ? 99 : unit === 'minute' || unit === 'second' ? 60 : max;
      if (step < 1 || step > maxStep) throw new CronError(`${unit}: 间隔须在1-${maxStep}之间`);
      return (v) => v >= start && (v - start) % step === 0;
    }
    if ((m = /^(\w+)-(\w+)$/.exec(part))) {
      const a = num(m[1], unit);
      const b = num(m[2], unit);
      return a <= b ? (v) => v >= a && v <= b : (v) => v >= a || v <= b;
    }
    const n = num(part, unit);
    return (v) => v === n;
  });
  return (v, c) => matchers.some((f) => f(v, c));
}

function lastWeekdayOfMonth(c: DayContext): number {
  const wd = new Date(Date.UTC(c.year, c.month - 1, c.daysInMonth)).getUTCDay();
  return c.daysInMonth - (wd === 0 ? 2 : wd === 6 ? 1 : 0);
}
function nearestWeekday(c: DayContext, target: number): number {
  const d = Math.min(target, c.daysInMonth);
  const wd = new Date(Date.UTC(c.year, c.month - 1, d)).getUTCDay();
  if (wd === 6) return d === 1 ? 3 : d - 1;
  if (wd === 0) return d === c.daysInMonth ? d - 2 : d + 1;
  return d;
}

export interface ParsedCron {
  seconds: number[];
  minutes: number[];
  hours: number[];
  dayMatches: (c: DayContext) => boolean;
  monthMatches: (m: number) => boolean;
}

const values = (unit: CronUnit, field: string): number[] => {
  const f = parseField(field, unit);
  const { min, max } = CRON_LIMITS[unit];
  const out: number[] = [];
  for (let v = min; v <= max; v++) if (f(v, undefined as never)) out.push(v);
  return out;
};

/** Parses an expression; throws CronError with a Chinese message when it is invalid. */
export function parseCron(expr: string): ParsedCron {
  const parts = expr.trim().split(/\s+/);
  if (parts.length < 6 || parts.length > 7) throw new CronError('Cron表达式须有6或7个字段');
  const [sec, min, hour, day, month, week, year] = parts;
  if (day === '?' && week === '?') throw new CronError('日和周不能同时为?');
  if (day !== '?' && week !== '?') throw new CronError('日和周须有一个为?');
  if (year !== undefined) parseField(year, 'year');
  const dayF = parseField(day, 'day');
  const weekF = parseField(week, 'week');
  const monthF = parseField(month, 'month');
  const parsed: ParsedCron = {
    seconds: values('second', sec),
    minutes: values('minute', min),
    hours: values('hour', hour),
    dayMatches: (c) => (day === '?' ? weekF(c.weekday, c) : dayF(c.day, c)),
    monthMatches: (m) => monthF(m, undefined as never),
  };
  if (!parsed.seconds.length || !parsed.minutes.length || !parsed.hours.length) throw new CronError('Cron表达式没有可执行的时间');
  return parsed;
}

export function validateCron(expr: string): string | null {
  try {
    parseCron(expr);
    return null;
  } catch (e) {
    return e instanceof CronError ? e.message : String(e);
  }
}

/** Quartz weekday (SUN=1 … SAT=7) to the standard one (SUN=0 … SAT=6). */
export const quartzToStandardWeekday = (q: number) => (q - 1) % 7;

/** The display zone's offset (wall − instant, ms) through a wall-clock day, or null if it changes. */
function dayOffset(dayWall: number): number | null {
  const at = (wall: number) => wall - fromWallClock(new Date(wall)).getTime();
  const first = at(dayWall);
  return at(dayWall + 86_399_000) === first ? first : null;
}

/**
 * The next `count` run times strictly after `from`, read on the display zone's wall clock
 * (contract/time.ts: '0 0 3 * * ?' is 03:00 China time whatever zone the process runs in),
 * ignoring the year field as the spec's preview does. Searches at most `horizonDays` ahead; fewer
 * results mean no more runs.
 */
export function nextRuns(expr: string, from: Date = new Date(), count = 10, horizonDays = 366 * 5): Date[] {
  const p = parseCron(expr);
  const out: Date[] = [];
  const startInstant = new Date(from.getTime() + 1000 - (((from.getTime() % 1000) + 1000) % 1000));
  const start = toWallClock(startInstant);
  const day0 = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  for (let i = 0; i <= horizonDays && out.length < count; i++) {
    const d = new Date(day0 + i * 86_400_000);
    const month = d.getUTCMonth() + 1;
    if (!p.monthMatches(month)) continue;
    const year = d.getUTCFullYear();
    const ctx: DayContext = { year, month, day: d.getUTCDate(), weekday: d.getUTCDay() + 1, daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate() };
    if (!p.dayMatches(ctx)) continue;
    // One zone offset for the whole day (converting each candidate second through Intl would cost
    // a second of CPU for '* * * * * ?'); a day on which the zone changes its clock converts each.
    const offset = dayOffset(d.getTime());
    for (const h of p.hours) {
      for (const m of p.minutes) {
        for (const s of p.seconds) {
          const wall = Date.UTC(year, month - 1, ctx.day, h, m, s);
          const t = new Date(offset === null ? fromWallClock(new Date(wall)).getTime() : wall - offset);
          if (t.getTime() < startInstant.getTime()) continue;
          out.push(t);
          if (out.length >= count) return out;
        }
      }
    }
  }
  return out;
}

// ---------- back from an expression to the builder's state ----------

/**
 * The builder state that writes `expr` again (toCronExpression(fromCronExpression(e)) === e for every
 * form the builder can produce). Null when `expr` is invalid or uses a form the builder has no mode
 * for (e.g. a list mixing ranges, '1-5,10'); the dialog then starts from the default state.
 */
export function fromCronExpression(expr: string, currentYear = new Date().getFullYear()): CronState | null {
  if (validateCron(expr) !== null) return null;
  const parts = expr.trim().split(/\s+/);
  const state = defaultCronState(currentYear);
  try {
    for (let i = 0; i < CRON_UNITS.length; i++) {
      const unit = CRON_UNITS[i];
      const field = parts[i] ?? '';
      const parsed = unitFromField(unit, field, state[unit]);
      if (!parsed) return null;
      state[unit] = parsed;
    }
  } catch (e) {
    if (e instanceof CronError) return null;
    throw e;
  }
  return state;
}

function unitFromField(unit: CronUnit, field: string, base: CronUnitState): CronUnitState | null {
  const { min } = CRON_LIMITS[unit];
  const up = field.toUpperCase();
  let m: RegExpExecArray | null;
  if (field === '') return unit === 'year' ? { ...base, mode: 'none' } : null;
  if (field === '*') return { ...base, mode: 'every' };
  if (field === '?') return unit === 'day' || unit === 'week' ? { ...base, mode: 'none' } : null;
  if (unit === 'day') {
    if (up === 'L') return { ...base, mode: 'last', value: 0 };
    if (up === 'LW') return { ...base, mode: 'lastWorkday' };
    if ((m = /^L-(\d+)$/.exec(up))) return { ...base, mode: 'last', value: Number(m[1]) };
    if ((m = /^(\d+)W$/.exec(up))) return { ...base, mode: 'workday', value: num(m[1], 'day') };
  }
  if (unit === 'week') {
    if ((m = /^(\w+)L$/.exec(up))) return { ...base, mode: 'last', value: num(m[1], 'week') };
    if ((m = /^(\w+)#(\d)$/.exec(up))) return { ...base, mode: 'nth', value: num(m[1], 'week'), nth: Number(m[2]) };
  }
  if ((m = /^(\*|\w+)\/(\d+)$/.exec(up))) return { ...base, mode: 'loop', start: m[1] === '*' ? min : num(m[1], unit), step: Number(m[2]) };
  if ((m = /^(\w+)-(\w+)$/.exec(up))) return { ...base, mode: 'range', start: num(m[1], unit), end: num(m[2], unit) };
  if (/^\w+(,\w+)*$/.test(up)) {
    const list = [...new Set(up.split(',').map((v) => num(v, unit)))].sort((a, b) => a - b);
    return { ...base, mode: 'specify', values: list };
  }
  return null;
}

/**
 * The scheduler's next fire time strictly after `from`, honouring the year field (the preview of
 * nextRuns ignores it, as spec §4 says; a job must not). Null when there is none up to the last
 * year the limits allow. Throws CronError for an invalid expression.
 */
export function nextFireTime(expr: string, from: Date = new Date()): Date | null {
  parseCron(expr);
  const yearField = expr.trim().split(/\s+/)[6];
  if (yearField === undefined || yearField === '*') return nextRuns(expr, from, 1)[0] ?? null;
  const yearMatches = parseField(yearField, 'year');
  const yearOf = (d: Date) => toWallClock(d).getUTCFullYear();
  const yearStartOf = (y: number) => fromWallClock(new Date(Date.UTC(y, 0, 1)));
  for (let y = Math.max(yearOf(from), CRON_LIMITS.year.min); y <= CRON_LIMITS.year.max; y++) {
    if (!yearMatches(y, undefined as never)) continue;
    const yearStart = yearStartOf(y);
    const after = from.getTime() >= yearStart.getTime() ? from : new Date(yearStart.getTime() - 1000);
    const days = Math.ceil((yearStartOf(y + 1).getTime() - after.getTime()) / 86_400_000);
    const hit = nextRuns(expr, after, 1, days)[0];
    if (hit && yearOf(hit) === y) return hit;
  }
  return null;
}
