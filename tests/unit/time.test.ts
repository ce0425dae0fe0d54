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
});
