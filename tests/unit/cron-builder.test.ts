// The cron builder: expression → state → expression for every mode, the year-aware fire time of
// the scheduler, and the rules of the dialog's state (limits, forced values, exclusivity, the
// 500 ms debounced preview with its offline fallback).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCronState, fromCronExpression, nextFireTime, toCronExpression } from '@contract/cron';
import {
  clampUnit,
  createPreviewLoader,
  formatRunTime,
  localPreview,
  stateFromExpression,
  toggleValue,
  unitBounds,
  updateUnit,
  yearOptions,
} from '@/components/cron/cronBuilder';
import { parseDisplayTime } from '../../contract/time';

/** A China wall-clock time (the display zone cron reads), whatever zone runs the tests. */
const wall = (text: string) => parseDisplayTime(text)!;

const now = wall('2026-11-22 10:30:15'); // Sun 22 Nov 2026

describe('fromCronExpression round-trips every mode', () => {
  it.each([
    '* * * * * ?',
    '0 0/5 * * * ?',
    '5/15 * * * * ?',
    '0 1-30 * * * ?',
    '0 0 9-17 * * ?',
    '0 0 0,6,12,18 * * ?',
    '0 0 2 1/3 * ?',
    '0 0 2 10-20 * ?',
    '0 0 2 1,15 * ?',
    '0 0 2 15W * ?',
    '0 0 2 LW * ?',
    '0 0 2 L * ?',
    '0 0 2 L-3 * ?',
    '0 0 2 * 1/2 ?',
    '0 0 2 * 3-9 ?',
    '0 0 2 * 1,4,7,10 ?',
    '0 0 9 ? * *',
    '0 0 9 ? * 2-6',
    '0 0 9 ? * 2,4,6',
    '0 0 9 ? * 2#3',
    '0 0 9 ? * 6L',
    '* * * * 1 ? *',
    '* * * * 1 ? 2027-2030',
    '* * * * 1 ? 2027/2',
  ])('%s', (expr) => {
    const state = fromCronExpression(expr, 2026);
    expect(state).not.toBeNull();
    expect(toCronExpression(state!)).toBe(expr);
  });
  it('reads names and */n, and normalises lists', () => {
    expect(toCronExpression(fromCronExpression('0 0 9 ? JAN-MAR MON-FRI', 2026)!)).toBe('0 0 9 ? 1-3 2-6');
    expect(toCronExpression(fromCronExpression('*/10 * * * * ?', 2026)!)).toBe('0/10 * * * * ?');
    expect(toCronExpression(fromCronExpression('0 0 0 ? * SUN#1', 2026)!)).toBe('0 0 0 ? * 1#1');
    expect(toCronExpression(fromCronExpression('0 0 0 20,5,5 * ?', 2026)!)).toBe('0 0 0 5,20 * ?');
  });
  it('gives null for invalid expressions and forms the builder has no mode for', () => {
    expect(fromCronExpression('0 0 25 * * ?')).toBeNull();
    expect(fromCronExpression('0 0 0 * * *')).toBeNull();
    expect(fromCronExpression('0 0 1-5,10 * * ?')).toBeNull();
    expect(fromCronExpression('nonsense')).toBeNull();
  });
  it('keeps the other numbers at their defaults', () => {
    const s = fromCronExpression('0 0 2 15W * ?', 2026)!;
    expect(s.week.mode).toBe('none');
    expect(s.year).toEqual(defaultCronState(2026).year);
  });
});

describe('nextFireTime honours the year (the preview does not)', () => {
  it('skips to the first matching year', () => {
    expect(nextFireTime('0 0 0 1 1 ? 2030', now)).toEqual(wall('2030-01-01 00:00:00'));
    expect(nextFireTime('0 0 12 * * ? 2027/2', now)).toEqual(wall('2027-01-01 12:00:00'));
    expect(nextFireTime('0 0 12 * * ? 2026', now)).toEqual(wall('2026-11-22 12:00:00'));
    expect(nextFireTime('0 0 12 * * ?', now)).toEqual(wall('2026-11-22 12:00:00'));
  });
  it('is null when no time is left', () => {
    expect(nextFireTime('0 0 0 1 1 ? 2020-2025', now)).toBeNull();
    expect(nextFireTime('0 0 0 30 2 ?', now)).toBeNull();
  });
});

describe('the builder state rules (useCronBuilder)', () => {
  const start = () => stateFromExpression('* * * * * ?', now).state;
  it('starts from the default when the field is empty or unreadable', () => {
    expect(stateFromExpression('', now)).toMatchObject({ parsed: false });
    expect(toCronExpression(stateFromExpression('0 0 1-5,10 * * ?', now).state)).toBe('* * * * * ?');
    expect(stateFromExpression('0 0 2 L * ?', now).parsed).toBe(true);
  });
  it('forces the smaller units off * in cascade', () => {
    expect(toCronExpression(updateUnit(start(), 'day', { mode: 'specify', values: [1] }, now))).toBe('0 0 0 1 * ?');
    expect(toCronExpression(updateUnit(start(), 'year', { mode: 'range', start: 2027, end: 2028 }, now))).toBe('* * * * 1 ? 2027-2028');
    expect(toCronExpression(updateUnit(start(), 'week', { mode: 'nth', value: 2, nth: 1 }, now))).toBe('0 0 0 ? * 2#1');
  });
  it('day and week exclude each other with ?', () => {
    const weekly = updateUnit(start(), 'week', { mode: 'specify', values: [2] }, now);
    expect(toCronExpression(weekly)).toBe('0 0 0 ? * 2');
    const monthly = updateUnit(weekly, 'day', { mode: 'lastWorkday' }, now);
    expect(toCronExpression(monthly)).toBe('0 0 0 LW * ?');
    // Setting day to 不指定 with week also unset falls back to every day.
    expect(
      toCronExpression(updateUnit(monthly, 'day', { mode: 'none' }, now))
        .split(' ')
        .slice(3, 6),
    ).toEqual(['*', '*', '?']);
  });
  it('choosing 指定 with nothing ticked starts from the smallest value; ticks toggle', () => {
    let s = updateUnit(start(), 'hour', { mode: 'specify' }, now);
    expect(toCronExpression(s)).toBe('0 0 0 * * ?');
    s = toggleValue(s, 'hour', 12, now);
    expect(toCronExpression(s)).toBe('0 0 0,12 * * ?');
    s = toggleValue(s, 'hour', 0, now);
    expect(toCronExpression(s)).toBe('0 0 12 * * ?');
  });
  it('keeps the number inputs within the spec §5 limits', () => {
    expect(unitBounds('minute', now)).toMatchObject({ start: { min: 1 }, step: { min: 1, max: 60 } });
    expect(unitBounds('year', now)).toMatchObject({ step: { min: 1, max: 99 }, start: { min: 2026, max: 2119 } });
    const s = start();
    expect(clampUnit('minute', { ...s.minute, mode: 'range', start: 0, end: 70 }, now)).toMatchObject({ start: 1, end: 59 });
    expect(clampUnit('minute', { ...s.minute, mode: 'loop', start: 0, step: 99 }, now)).toMatchObject({ start: 0, step: 60 });
    expect(clampUnit('week', { ...s.week, mode: 'nth', nth: 9, value: 0 }, now)).toMatchObject({ nth: 5, value: 1 });
    expect(clampUnit('day', { ...s.day, mode: 'last', value: 40 }, now)).toMatchObject({ value: 30 });
    expect(clampUnit('hour', { ...s.hour, mode: 'range', start: 20, end: 3 }, now)).toMatchObject({ start: 20, end: 20 });
    expect(exprOf(updateUnit(s, 'second', { mode: 'loop', start: 0, step: 500 }, now))).toBe('0/60 * * * * ?');
  });
  it('offers this year through this year + 100, within the 2119 limit', () => {
    const years = yearOptions(now);
    expect(years[0]).toBe(2026);
    expect(years[years.length - 1]).toBe(2119);
    expect(yearOptions(wall('2019-01-01 00:00:00'))).toHaveLength(101);
  });
});
const exprOf = (s: ReturnType<typeof defaultCronState>) => toCronExpression(s);

describe('the preview: 500 ms after the last change, remote first, local offline', () => {
  beforeEach(() => vi.useFakeTimers({ now }));
  afterEach(() => vi.useRealTimers());

  it('debounces and drops stale answers', async () => {
    const remote = vi.fn(async (e: string) => [`remote ${e}`]);
    const results: unknown[] = [];
    const loader = createPreviewLoader(remote, (r) => results.push(r));
    loader.request('* * * * * ?');
    await vi.advanceTimersByTimeAsync(300);
    loader.request('0 * * * * ?');
    await vi.advanceTimersByTimeAsync(499);
    expect(remote).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(remote).toHaveBeenCalledTimes(1);
    expect(remote).toHaveBeenCalledWith('0 * * * * ?');
    expect(results).toEqual([{ expression: '0 * * * * ?', times: ['remote 0 * * * * ?'], error: null, source: 'remote' }]);
  });
  it('falls back to the contract nextRuns when the call fails, and reports invalid expressions', async () => {
    const results: { times: string[]; error: string | null; source: string }[] = [];
    const loader = createPreviewLoader(
      async () => {
        throw new Error('offline');
      },
      (r) => results.push(r),
    );
    loader.request('0 0 2 * * ?');
    await vi.advanceTimersByTimeAsync(500);
    expect(results[0]).toMatchObject({ source: 'local', error: null });
    expect(results[0].times).toHaveLength(10);
    expect(results[0].times[0]).toBe(wall('2026-11-23 02:00:00').toISOString()); // ISO, like the server's
    expect(formatRunTime(results[0].times[0])).toBe('2026-11-23 02:00:00');
    loader.request('0 0 0 30 2 ?');
    await vi.advanceTimersByTimeAsync(500);
    expect(results[1].times).toEqual([]);
    loader.request('0 0 25 * * ?');
    await vi.advanceTimersByTimeAsync(500);
    expect(results[2].error).toMatch(/超出范围/);
    expect(formatRunTime(localPreview('0 0 2 * * ?', now)[9])).toBe('2026-12-02 02:00:00');
    expect(formatRunTime(null)).toBe('—');
  });
});
