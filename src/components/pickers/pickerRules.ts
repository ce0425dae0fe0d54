// Pure rules of the pickers (spec §3, §5, §9): values joined by a separator, the §5 tags rule, the
// business picker's 12-character shortening, and the area tree rooted at 86. No React, no kit, so
// they are tested on their own and both views of every picker share them.
export { parseTreeCondition } from '@contract/api/category';
import { AREA_ROOT, type AreaMap } from '@contract/area';
export { AREA_ROOT, areaPath, areaText, buildAreaMap, type AreaMap, type DivisionNode } from '@contract/area';

/** §9: the multi-select separator. */
export const DEFAULT_SEPARATOR = ',';
/** §9: business picker cells are shortened at 12 characters. */
export const SHORTEN_AT = 12;
/** §9: tags group 2 characters. */
export const TAG_GROUP = 2;

/** The values of a joined string ('' and blanks dropped, duplicates kept once, order kept). */
export function splitValues(value: string | null | undefined, separator = DEFAULT_SEPARATOR): string[] {
  if (!value) return [];
  const out: string[] = [];
  for (const part of value.split(separator)) {
    const v = part.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

/** One string of the values, joined by the separator. */
export function joinValues(values: readonly (string | number)[], separator = DEFAULT_SEPARATOR): string {
  return splitValues(values.map(String).join(separator), separator).join(separator);
}

/** Shortens past `max` characters with an ellipsis (characters, not UTF-16 units). */
export function shortenText(text: string | null | undefined, max = SHORTEN_AT): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}

/** §5 tags rule: semicolons stripped, then one inserted every 2 characters ('abcde' → 'ab;cd;e'). */
export function tagsValue(raw: string | null | undefined, group = TAG_GROUP): string {
  return tagsOf(raw, group).join(';');
}

/** The tags a value shows: its characters, semicolons stripped, in groups of 2. */
export function tagsOf(raw: string | null | undefined, group = TAG_GROUP): string[] {
  const chars = Array.from((raw ?? '').replace(/;/g, ''));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += group) out.push(chars.slice(i, i + group).join(''));
  return out;
}

/** A time of day 'HH:mm:ss' (§9 time format), or null when the text is none. */
export function parseTimeOfDay(text: string | null | undefined): [number, number, number] | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return h < 24 && min < 60 && s < 60 ? [h, min, s] : null;
}
export const formatTimeOfDay = ([h, m, s]: readonly number[]): string => [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');

// ---- area (province, city, district rooted at 86): the map itself is contract/area.ts -------

/** The cascade options of the map (value, label, children), three levels deep. */
export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}
export function areaOptions(map: AreaMap, parent = AREA_ROOT): AreaOption[] {
  return Object.entries(map[parent] ?? {}).map(([value, label]) => {
    const children = map[value] ? areaOptions(map, value) : undefined;
    return children?.length ? { value, label, children } : { value, label };
  });
}
