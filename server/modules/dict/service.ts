// Dictionaries per tenant, with a per-tenant in-memory cache that refleshCache clears.
// Dictionary codes are only ever compared as values; no request text reaches SQL as SQL.
//
// Several server processes may share one PostgreSQL, each with its own cache. A clear is therefore
// published on the broker's dictCache channel (LISTEN/NOTIFY) and every process, this one
// included, drops that cache when it hears it. A load that was reading while a clear arrived does
// not store its (possibly old) answer: each clear bumps a generation the load compares with.
// When the listener was lost and reconnects, clears may have been missed: everything is dropped.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DictItem, DictMap } from '../../../contract/types';
import type { Db } from '../../db/client';
import { dictItems, dicts } from '../../db/schema';
import { TOPIC_CHANNELS, type Broker } from '../../realtime/broker';

/** The dictCache message naming every tenant. */
const ALL_TENANTS = '*';

export class DictService {
  private cache = new Map<string, DictMap>();
  private generation = 0;
  private broker: Broker | null = null;
  /** Names this process's clears on the topic channel. */
  private readonly origin = randomUUID();
  private log: FastifyBaseLogger | null = null;
  constructor(private readonly db: Db) {}

  /** Shares clears with every process on the database through `broker` (and hears theirs). */
  shareThrough(broker: Broker, log: FastifyBaseLogger): void {
    this.broker = broker;
    this.log = log;
    broker.onTopic(TOPIC_CHANNELS.dictCache, (payload) => {
      if (payload === null) return this.drop(ALL_TENANTS);
      // This process dropped its own cache when it published; hearing that again later would
      // throw away what was loaded since.
      const [from, tenantId] = splitClear(payload);
      if (from !== this.origin) this.drop(tenantId);
    });
  }

  async all(tenantId: string): Promise<DictMap> {
    const hit = this.cache.get(tenantId);
    if (hit) return hit;
    const generation = this.generation;
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
    if (generation === this.generation) this.cache.set(tenantId, map);
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

  /**
   * Drops the tenant's cache here and in every other process. Never rejects (callers may not
   * await it): resolves false when the other processes could not be told (logged).
   */
  clear(tenantId: string): Promise<boolean> {
    return this.clearEverywhere(tenantId);
  }

  /** Drops every tenant's cache here and in every other process (false: the others were not told). */
  clearAll(): Promise<boolean> {
    return this.clearEverywhere(ALL_TENANTS);
  }

  private async clearEverywhere(tenantId: string): Promise<boolean> {
    this.drop(tenantId);
    if (!this.broker || this.broker.closed) return true;
    try {
      await this.broker.publishTopic(TOPIC_CHANNELS.dictCache, `${this.origin}|${tenantId}`);
      return true;
    } catch (err) {
      // This process is already clear; the others keep their cache until the next clear.
      this.log?.error({ err: (err as Error).message }, 'dictionary cache clear not published');
      return false;
    }
  }

  private drop(tenantId: string): void {
    this.generation++;
    if (tenantId === ALL_TENANTS) this.cache.clear();
    else this.cache.delete(tenantId);
  }
}

/** 'origin|tenant' of a clear on the topic channel (a bare tenant id has no origin). */
function splitClear(payload: string): [string, string] {
  const at = payload.indexOf('|');
  return at < 0 ? ['', payload] : [payload.slice(0, at), payload.slice(at + 1)];
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
