// Calls of the configuration pages: saving a record of any config resource, the dictionary cache
// refresh, the data-source connection test, the next fill-rule value and the check-rule test.
// Failures come back as ApiError with the server's words; callers choose how to show them.
import { CONFIG_BASE, CP, type ConfigResource } from '@contract/api/config';
import { CACHE_LIFETIME_MS, STORAGE_KEYS } from '@contract/constants';
import { MSG } from '@contract/messages';
import { P } from '@contract/api/paths';
import type { DictMap } from '@contract/types';
import { ApiError } from '@/api/errors';
import { sysGet, sysOrThrow, sysPost, sysPut } from '@/api/request';
import { ls } from '@/lib/storage';
import { session } from '@/stores/session';

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError || err instanceof Error ? err.message || fallback : fallback);

/** Adds (no id) or edits (with id) a record; answers the server's success message. */
export async function saveRecord(resource: ConfigResource, values: Record<string, unknown>, id?: string): Promise<string> {
  const base = CONFIG_BASE[resource];
  const res = id ? await sysPut(`${base}/edit`, { ...values, id }, { silent: true }) : await sysPost(`${base}/add`, values, { silent: true });
  sysOrThrow(res, true);
  return res.message;
}

/** refleshCache, then reload every dictionary into the session (spec §7); answers the §8 words. */
export async function refreshDictCache(): Promise<{ ok: boolean; message: string }> {
  try {
    sysOrThrow(await sysGet(P.dictRefresh, undefined, { silent: true }), true);
    const dicts = sysOrThrow(await sysGet<DictMap>(P.dictAll, undefined, { silent: true }), true);
    session.dicts = dicts;
    ls.set(STORAGE_KEYS.dictItems, dicts, CACHE_LIFETIME_MS);
    return { ok: true, message: MSG.cacheRefreshDone };
  } catch {
    return { ok: false, message: MSG.cacheRefreshFailed };
  }
}

export interface ConnectionTarget {
  id?: string;
  host: string;
  port: number | string;
  database: string;
  username: string;
  password?: string;
}

/** Tests a data source connection; answers whether it worked and the server's words. */
export async function testConnection(target: ConnectionTarget): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await sysPost(CP.testConnection, { ...target, port: Number(target.port), dbType: 'postgres' }, { silent: true });
    return { ok: res.success, message: res.message };
  } catch (err) {
    return { ok: false, message: errorText(err, '连接失败') };
  }
}

/** The next value of a fill rule. */
export async function nextRuleValue(ruleCode: string): Promise<{ ok: boolean; value?: string; message: string }> {
  try {
    const res = await sysGet<string>(CP.executeRule.replace(':ruleCode', encodeURIComponent(ruleCode)), undefined, { silent: true });
    return { ok: res.success, value: res.result, message: res.message };
  } catch (err) {
    return { ok: false, message: errorText(err, '生成失败') };
  }
}

/** Checks a value against a check rule (value URL-encoded by the query string). */
export async function checkValue(ruleCode: string, value: string): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await sysGet<boolean>(CP.checkByCode, { ruleCode, value }, { silent: true });
    return { ok: res.success, message: res.message };
  } catch (err) {
    return { ok: false, message: errorText(err, '校验失败') };
  }
}
