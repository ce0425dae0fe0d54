// Dictionaries per tenant, with a per-tenant in-memory cache that refleshCache clears.
// Dictionary codes are only ever compared as values; no request text reaches SQL as SQL.
import { and, asc, eq } from 'drizzle-orm';
import type { DictItem, DictMap } from '../../../contract/types';
import type { Db } from '../../db/client';
import { dictItems, dicts } from '../../db/schema';

export class DictService {
  private cache = new Map<string, DictMap>();
  constructor(private readonly db: Db) {}

  async all(tenantId: string): Promise<DictMap> {
    const hit = this.cache.get(tenantId);
    if (hit) return hit;
    const rows = await this.db
      .select({ code: dicts.dictCode, item: dictItems })
      .from(dicts)
      .innerJoin(dictItems, eq(dictItems.dictId, dicts.id))
      .where(and(eq(dicts.tenantId, tenantId), eq(dictItems.status, 1)))
      .orderBy(asc(dicts.dictCode), asc(dictItems.sortNo));
    const map: DictMap = {};
    for (const { code, item } of rows) {
      (map[code] ??= []).push(toDictItem(item));
    }
    this.cache.set(tenantId, map);
    return map;
  }

  /** Active items of one dictionary, or null when the tenant has no such dictionary. */
  async items(tenantId: string, dictCode: string): Promise<DictItem[] | null> {
    const [d] = await this.db
      .select({ id: dicts.id })
      .from(dicts)
      .where(and(eq(dicts.tenantId, tenantId), eq(dicts.dictCode, dictCode)))
      .limit(1);
    if (!d) return null;
    return (await this.all(tenantId))[dictCode] ?? [];
  }

  clear(tenantId: string): void {
    this.cache.delete(tenantId);
  }
}

function toDictItem(item: typeof dictItems.$inferSelect): DictItem {
  return {
    value: item.itemValue,
    text: item.itemText,
    title: item.itemText,
    label: item.itemText,
    status: item.status,
    ...(item.color ? { color: item.color } : {}),
  };
}
