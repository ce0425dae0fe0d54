// The customer search of the customer picker (payCus, acct pages): the tenant's customers from the
// 客户管理 list call (server/modules/ledger/customerList.ts, tenant-scoped and permission-checked),
// matched by code or name.
import { MERCHANT_PATHS, type CustomerListRow } from '@contract/api/merchant';
import type { PageResult } from '@contract/listQuery';
import { sysGet, sysOrThrow } from './request';

export const CUSTOMER_SEARCH_SIZE = 20;

/** Customers whose code or name contains `text` (all, by code, when it is empty); the first page. */
export async function searchCustomers(text: string): Promise<PageResult<CustomerListRow>> {
  const t = text.trim().slice(0, 100);
  const params: Record<string, string> = { pageNo: '1', pageSize: String(CUSTOMER_SEARCH_SIZE), column: 'cusCode', order: 'asc' };
  if (t) {
    params.superQueryParams = encodeURIComponent(
      JSON.stringify([
        { field: 'cusCode', rule: 'like', val: t },
        { field: 'cusName', rule: 'like', val: t },
      ]),
    );
    params.superQueryMatchType = 'or';
  }
  return sysOrThrow(await sysGet<PageResult<CustomerListRow>>(MERCHANT_PATHS.customerList, params, { silent: true }), true);
}
