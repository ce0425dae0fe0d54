import { describe, expect, it } from 'vitest';
import { applyCronRules, defaultCronState, nextRuns, quartzToStandardWeekday, toCronExpression, validateCron, type CronState } from '@contract/cron';
import { formatDateTime, parseDisplayTime } from '../../contract/time';

// Cron reads the display zone's wall clock (contract/time.ts), whatever zone runs the tests.
const fmt = (d: Date) => formatDateTime(d);
const from = parseDisplayTime('2026-11-22 10:30:15')!; // Sun 22 Nov 2026 10:30:15 China time

describe('cron builder rules (spec §4)', () => {
  it('starts as every second with week ?', () => {
    expect(toCronExpression(defaultCronState(2026))).toBe('* * * * * ?');
  });
  it('setting a larger unit forces the next smaller one off *', () => {
    let s: CronState = defaultCronState(2026);
    s = applyCronRules({ ...s, minute: { ...s.minute, mode: 'loop', start: 1, step: 5 } }, 'minute');
    expect(toCronExpression(s)).toBe('0 1/5 * * * ?');
    s = applyCronRules({ ...s, hour: { ...s.hour, mode: 'range', start: 9, end: 17 } }, 'hour');
    expect(toCronExpression(s)).toBe('0 1/5 9-17 * * ?');
    const d = defaultCronState(2026);
    expect(toCronExpression(applyCronRules({ ...d, day: { ...d.day, mode: 'specify', values: [15, 1] } }, 'day'))).toBe('0 0 0 1,15 * ?');
    expect(toCronExpression(applyCronRules({ ...d, year: { ...d.year, mode: 'range', start: 2027, end: 2030 } }, 'year'))).toBe('* * * * 1 ? 2027-2030');
  });
  it('day and week exclude each other with ?', () => {
    const d = defaultCronState(2026);
    const weekly = applyCronRules({ ...d, week: { ...d.week, mode: 'specify', values: [2, 6] } }, 'week');
    expect(toCronExpression(weekly)).toBe('0 0 0 ? * 2,6');
    const daily = applyCronRules({ ...weekly, day: { ...weekly.day, mode: 'lastWorkday' } }, 'day');
    expect(toCronExpression(daily)).toBe('0 0 0 LW * ?');
  });
  it('writes the special day and week forms', () => {
    const d = defaultCronState(2026);
    expect(toCronExpression(applyCronRules({ ...d, day: { ...d.day, mode: 'workday', value: 15 } }, 'day'))).toContain(' 15W ');
    expect(toCronExpression(applyCronRules({ ...d, day: { ...d.day, mode: 'last', value: 3 } }, 'day'))).toContain(' L-3 ');
    expect(toCronExpression(applyCronRules({ ...d, week: { ...d.week, mode: 'nth', value: 2, nth: 3 } }, 'week'))).toMatch(/ 2#3$/);
    expect(toCronExpression(applyCronRules({ ...d, week: { ...d.week, mode: 'last', value: 6 } }, 'week'))).toMatch(/ 6L$/);
  });
});

describe('cron validation limits (spec §5)', () => {
  it.each([
    ['60 * * * * ?', 'second'],
    ['* 60 * * * ?', 'minute'],
    ['* * 24 * * ?', 'hour'],
    ['* * * 32 * ?', 'day'],
    ['* * * 0 * ?', 'day'],
    ['* * * ? 13 *', 'month'],
    ['* * * ? * 8', 'week'],
    ['* * * ? * 2#6', 'week'],
    ['* * * * * ? 2018', 'year'],
    ['* * * * * ? 2120', 'year'],
    ['* * * * * ? 2020/100', 'year'],
    ['* 0/61 * * * ?', 'minute'],
  ])('%s is refused (%s)', (expr) => {
    expect(validateCron(expr)).not.toBeNull();
  });
  it('needs exactly one of day and week to be ?', () => {
    expect(validateCron('0 0 0 * * *')).not.toBeNull();
    expect(validateCron('0 0 0 ? * ?')).not.toBeNull();
    expect(validateCron('0 0 0 * *')).not.toBeNull();
    expect(validateCron('0 0 0 ? * MON-FRI')).toBeNull();
  });
});

describe('next run times (spec §4 preview)', () => {
  it('every second gives the next 10 seconds', () => {
    const runs = nextRuns('* * * * * ?', from);
    expect(runs).toHaveLength(10);
    expect(fmt(runs[0])).toBe('2026-11-22 10:30:16');
    expect(fmt(runs[9])).toBe('2026-11-22 10:30:25');
  });
  it('daily at 02:00', () => {
    expect(nextRuns('0 0 2 * * ?', from, 2).map(fmt)).toEqual(['2026-11-23 02:00:00', '2026-11-24 02:00:00']);
    // 03:00 China time is 19:00 UTC the day before, whatever zone the scheduler's process runs in.
    expect(nextRuns('0 0 3 * * ?', from, 1)[0].toISOString()).toBe('2026-11-22T19:00:00.000Z');
  });
  it('Quartz weekdays: 2 is Monday, 6 is Friday', () => {
    expect(nextRuns('0 0 9 ? * 2,6', from, 3).map(fmt)).toEqual(['2026-11-23 09:00:00', '2026-11-27 09:00:00', '2026-11-30 09:00:00']);
    expect(nextRuns('0 0 9 ? * MON', from, 1).map(fmt)).toEqual(['2026-11-23 09:00:00']);
    expect(quartzToStandardWeekday(1)).toBe(0);
    expect(quartzToStandardWeekday(7)).toBe(6);
  });
  it('last day, last weekday, nearest weekday, nth weekday, last Friday', () => {
    expect(nextRuns('0 0 0 L * ?', from, 2).map(fmt)).toEqual(['2026-11-30 00:00:00', '2026-12-31 00:00:00']);
    expect(nextRuns('0 0 0 L-2 * ?', from, 1).map(fmt)).toEqual(['2026-11-28 00:00:00']);
    // Jan 2027 ends on a Sunday: last weekday is Friday the 29th.
    expect(nextRuns('0 0 0 LW 1 ?', from, 1).map(fmt)).toEqual(['2027-01-29 00:00:00']);
    // 15 Aug 2027 is a Sunday: nearest weekday is Monday the 16th.
    expect(nextRuns('0 0 0 15W 8 ?', from, 1).map(fmt)).toEqual(['2027-08-16 00:00:00']);
    // third Tuesday of December 2026 is the 15th
    expect(nextRuns('0 0 0 ? 12 3#3', from, 1).map(fmt)).toEqual(['2026-12-15 00:00:00']);
    expect(nextRuns('0 0 0 ? * 6L', from, 1).map(fmt)).toEqual(['2026-11-27 00:00:00']);
  });
  it('increments and ranges', () => {
    expect(nextRuns('0 0/15 9-10 * * ?', from, 3).map(fmt)).toEqual(['2026-11-22 10:45:00', '2026-11-23 09:00:00', '2026-11-23 09:15:00']);
  });
  it('no execution time for an impossible date', () => {
    expect(nextRuns('0 0 0 30 2 ?', from)).toEqual([]);
  });
});
