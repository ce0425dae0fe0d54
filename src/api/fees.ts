// Calls of fees and standing splits (contract/api/fee.ts), shared by the 服务费配置 / 分账配置 /
// 手续费收入 pages, the fee modal of 客户详情 and the payment confirmation. Silent: a refusal throws an
// Error carrying the server's own words, so both views show them as they are.
import { FEE_PATHS, type FeeQuoteView, type FeeTxType } from '@contract/api/fee';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { ApiError, serverMessage } from './errors';
import { capOrThrow, capPost } from './request';

export async function feeCall<B>(path: string, fields: Record<string, unknown> = {}, page?: { pageNum: number; pageSize: number }): Promise<B> {
  try {
    return capOrThrow(await capPost<B>(path, fields, page, { silent: true }), true) as B;
  } catch (err) {
    if (err instanceof ApiError) throw new Error(serverMessage(err.body) ?? err.message);
    throw err;
  }
}

/** A page of a fee list call as the list kit's page result (rows keyed by `id`). */
export async function feeKitPage<T, R extends { id: string }>(
  path: string,
  fields: Record<string, unknown>,
  params: Record<string, string>,
  row: (t: T) => R,
): Promise<SysResult<PageResult<R>>> {
  const pageNum = Number(params.pageNo) || 1;
  const pageSize = Number(params.pageSize) || 10;
  const body = await feeCall<{ listData: T[]; page: { count: number } }>(path, fields, { pageNum, pageSize });
  const result = { records: body.listData.map(row), total: body.page.count, size: pageSize, current: pageNum };
  return { success: true, code: 200, message: '', timestamp: Date.now(), result };
}

/** The fees the server would charge now on each amount debited from `acctNo` (the payment confirmation). */
export const quoteFees = (acctNo: string, txType: FeeTxType, amounts: string[]) => feeCall<FeeQuoteView>(FEE_PATHS.quote, { acctNo, txType, amounts });
