// One display zone for every time the product shows or reads as wall-clock text. The platform is
// a Chinese payment back-office: lists, forms and filters speak China time whatever zone the
// server process or the browser runs in, so an operator in another zone and the server agree on
// what '2026-11-22 09:30:00' means. The wire carries ISO instants (business calls) or this
// 'YYYY-MM-DD HH:mm:ss' text (the sys-style list calls); both end up shown through here.
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const WALL_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function intlParts(d: Date): Parts {
  const all = wallClock.formatToParts(d);
  const n = (t: Intl.DateTimeFormatPartTypes) => Number(all.find((p) => p.type === t)?.value ?? 0);
  // Some engines print midnight as hour 24 with hour12: false.
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour') % 24, minute: n('minute'), second: n('second') };
}

const DAY_MS = 86_400_000;
/** The zone's offset (wall − instant, ms) at an instant, through Intl. */
function intlOffset(ms: number): number {
  const p = intlParts(new Date(ms));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (ms - (((ms % 1000) + 1000) % 1000));
}
/**
 * The zone's offset through each UTC day seen, by day number; null for a day on which it changes.
 * Intl costs some ten microseconds a call, and a list page formats dozens of times: with this, a day
 * costs two calls and each time on it a little arithmetic.
 */
const dayOffsets = new Map<number, number | null>();
function offsetOfDay(day: number): number | null {
  let off = dayOffsets.get(day);
  if (off === undefined) {
    const first = intlOffset(day * DAY_MS);
    off = intlOffset((day + 1) * DAY_MS - 1000) === first ? first : null;
    if (dayOffsets.size >= 4096) dayOffsets.clear();
    dayOffsets.set(day, off);
  }
  return off;
}

function partsOf(d: Date): Parts {
  const ms = d.getTime();
  const off = offsetOfDay(Math.floor(ms / DAY_MS));
  if (off === null) return intlParts(d);
  const w = new Date(ms + off);
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function toDate(v: Date | string | number | null | undefined): Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'string' && WALL_TEXT.test(v)) return parseDisplayTime(v);
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'YYYY-MM-DD HH:mm:ss' of an instant in the display zone ('' for none). Wall-clock text that is
 * already in the display zone passes through unchanged; `seconds: false` gives 'YYYY-MM-DD HH:mm'.
 */
export function formatDateTime(v: Date | string | number | null | undefined, opts: { seconds?: boolean } = {}): string {
  const d = toDate(v);
  if (!d) return '';
  const p = partsOf(d);
  const text = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  return opts.seconds === false ? text.slice(0, 16) : text;
}

/** 'YYYY-MM-DD' of an instant in the display zone. */
export function formatDate(v: Date | string | number | null | undefined): string {
  return formatDateTime(v).slice(0, 10);
}

/** Compact 'YYYYMMDD' and 'HHmmss' of an instant in the display zone (numbers, codes). */
export function compactParts(d: Date): { day: string; time: string } {
  const t = formatDateTime(d);
  return { day: t.slice(0, 10).replace(/-/g, ''), time: t.slice(11).replace(/:/g, '') };
}

/**
 * The instant a wall-clock text ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss') names in
 * the display zone; null when the text is not such a date or names a day the calendar lacks.
 */
export function parseDisplayTime(text: string): Date | null {
  const m = WALL_TEXT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // The zone's offset at that moment: format the UTC guess in the zone and compare.
  const p = partsOf(check);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - asUtc;
  return new Date(asUtc - offset);
}

/**
 * An instant as a Date whose UTC fields read the display zone's wall clock (for calendar arithmetic
 * with the getUTC and Date.UTC calls that must not depend on the process's own zone).
 */
export function toWallClock(instant: Date): Date {
  const p = partsOf(instant);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, instant.getUTCMilliseconds()));
}

/** The instant a wall-clock Date (UTC fields = the display zone's wall clock) names. */
export function fromWallClock(wall: Date): Date {
  const guess = new Date(wall.getTime());
  const p = partsOf(guess);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (wall.getTime() - wall.getUTCMilliseconds());
  return new Date(wall.getTime() - offset);
}
