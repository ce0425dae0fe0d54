// Display helpers of spec §9: ellipsis (default 25 characters), file-name shortening (5), number
// with thousands grouped, dates as YYYY-MM-DD HH:mm:ss (date YYYY-MM-DD, time HH:mm:ss), 是/否.
import { formatDateTime } from '@contract/time';

export const ELLIPSIS_LENGTH = 25;
export const FILE_NAME_LENGTH = 5;

/** The first `length` characters and '...' when longer (characters, not UTF-16 units). */
export function ellipsis(text: string | null | undefined, length = ELLIPSIS_LENGTH): string {
  const chars = Array.from(text ?? '');
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('');
}

/** A long file name shortened to its first characters, keeping the extension: '季度报表汇总.xlsx' → '季度报表汇....xlsx'. */
export function shortFileName(name: string, length = FILE_NAME_LENGTH): string {
  const m = /^(.*?)(\.[^.]{1,8})?$/.exec(name) ?? [name, name, ''];
  const base = Array.from(m[1]);
  return base.length > length ? `${base.slice(0, length).join('')}...${m[2] ?? ''}` : name;
}

/** Thousands grouped, the decimals kept as given: 1234567.5 → '1,234,567.5'; '' for nothing or not a number. */
export function numberText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '';
  const [int, dec] = text.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = int.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}${dec !== undefined ? `.${dec}` : ''}`;
}

export type DatePattern = 'YYYY-MM-DD HH:mm:ss' | 'YYYY-MM-DD' | 'HH:mm:ss';

/** A date in the display zone by one of the three patterns (default date and time); '' for none. */
export function dateText(value: Date | string | number | null | undefined, pattern: DatePattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const full = formatDateTime(value);
  if (!full) return '';
  if (pattern === 'YYYY-MM-DD') return full.slice(0, 10);
  if (pattern === 'HH:mm:ss') return full.slice(11);
  return full;
}

export function yesNoText(value: boolean | string | number | null | undefined): string {
  return value === true || value === 'Y' || value === '1' || value === 1 ? '是' : '否';
}
