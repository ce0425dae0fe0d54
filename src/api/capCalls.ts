// One business (/cap) call as the list and form pages use it, and one /cap list page as the list
// kit's page result. Silent: a refusal throws an Error carrying the server's own words, so both
// views show them as they are (a 403 "不能审核自己提交的客户资料" included).
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { ApiError, serverMessage } from './errors';
import { capOrThrow, capPost } from './request';

export async function capCall<B>(path: string, fields: Record<string, unknown> = {}, page?: { pageNum: number; pageSize: number }): Promise<B> {
  try {
    return capOrThrow(await capPost<B>(path, fields, page, { silent: true }), true) as B;
  } catch (err) {
    if (err instanceof ApiError) throw new Error(serverMessage(err.body) ?? err.message);
    throw err;
  }
}

/** A page of a /cap list (`listData`, `page.count`) as the list kit's page result. */
export async function capKitPage<T, R extends { id: string }>(
  path: string,
  fields: Record<string, unknown>,
  params: Record<string, string>,
  row: (t: T) => R,
): Promise<SysResult<PageResult<R>>> {
  const pageNum = Number(params.pageNo) || 1;
  const pageSize = Number(params.pageSize) || 10;
  const body = await capCall<{ listData: T[]; page: { count: number } }>(path, fields, { pageNum, pageSize });
  return {
    success: true,
    code: 200,
    message: '',
    timestamp: Date.now(),
    result: { records: body.listData.map(row), total: body.page.count, size: pageSize, current: pageNum },
  };
}
