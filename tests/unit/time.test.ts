// The one display zone (contract/time.ts): formatting and parsing agree whatever zone runs them.
import { describe, expect, it } from 'vitest';
import { compactParts, formatDate, formatDateTime, parseDisplayTime } from '../../contract/time';

describe('display time (Asia/Shanghai)', () => {
  it('formats instants as China wall-clock text', () => {
    expect(formatDateTime(new Date('2026-11-21T16:30:05Z'))).toBe('2026-11-22 00:30:05');
    expect(formatDateTime('2026-11-21T16:30:05.123Z', { seconds: false })).toBe('2026-11-22 00:30');
    expect(formatDate(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(compactParts(new Date('2026-01-02T01:02:03Z'))).toEqual({ day: '20260102', time: '090203' });
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a time')).toBe('');
  });
  it('passes wall-clock text through unchanged', () => {
    expect(formatDateTime('2026-11-22 09:30:00')).toBe('2026-11-22 09:30:00');
    expect(formatDateTime('2026-11-22 09:30', { seconds: false })).toBe('2026-11-22 09:30');
  });
  it('parses wall-clock text as China time and refuses impossible days', () => {
    expect(parseDisplayTime('2026-11-22 00:30:05')?.toISOString()).toBe('2026-11-21T16:30:05.000Z');
    expect(parseDisplayTime('2026-11-22')?.toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(parseDisplayTime('2026-11-22 08:00')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseDisplayTime('2026-02-30')).toBeNull();
    expect(parseDisplayTime('2026-13-01')).toBeNull();
    expect(parseDisplayTime('2026-11-22 24:00:00')).toBeNull();
    expect(parseDisplayTime("2026-11-22' or 1=1 --")).toBeNull();
  });
  it('round-trips', () => {
    for (const iso of ['2026-03-01T00:00:00Z', '2026-06-30T23:59:59Z', '1999-12-31T16:00:00Z']) {
      expect(parseDisplayTime(formatDateTime(iso))?.toISOString()).toBe(new Date(iso).toISOString());
    }
  });
  it('formats every instant as Intl does, across the years China kept summer time (one offset per day, by arithmetic)', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    const checked: string[] = [];
    // Every 7 min 13 s from 1986 (summer time began 1986-05-04) to 1992, then a stretch of 2026.
    const spans: [string, string][] = [
      ['1986-04-01T00:00:00Z', '1992-01-01T00:00:00Z'],
      ['2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z'],
      ['1969-12-30T00:00:00Z', '1970-01-03T00:00:00Z'],
    ];
    for (const [from, to] of spans) {
      for (let t = Date.parse(from); t < Date.parse(to); t += 433_000) {
        const d = new Date(t + (t % 997));
        const want = intl.format(d).replace('T', ' ');
        const got = formatDateTime(d);
        if (got !== want) checked.push(`${d.toISOString()}: ${got} ≠ ${want}`);
      }
    }
    expect(checked.slice(0, 5)).toEqual([]);
    // Around the first spring-forward: 1986-05-04 02:00 China standard time became 03:00.
    expect(formatDateTime(new Date('1986-05-03T17:59:59Z'))).toBe('1986-05-04 01:59:59');
    expect(formatDateTime(new Date('1986-05-03T18:00:00Z'))).toBe('1986-05-04 03:00:00');
    // About 450,000 Intl calls: seconds of CPU on a loaded 2-core machine, more than the default 5 s.
  }, 60_000);
});
