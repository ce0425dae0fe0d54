// Who hears of a change of an innet application's status on their socket (server/realtime/liveFeed.ts):
// the same people who can see the customer it belongs to (store.ts customerOf, innetStore.ts innetOf)
// — users of its tenant holding a permission of a screen that shows it (客户管理, 入网管理, 客户详情,
// 商户入驻), narrowed to their own customer when their group is a customer's.
import { CUS_PERMS } from '../../../contract/api/cusWire';
import { LEDGER_PERMS } from '../../../contract/api/ledger';

/** The notice of migration 0031's trigger. */
export interface CusInnetNotice {
  kind: 'cusInnet';
  id: string;
  tenant: string;
  status: string;
  /** The customer code of the application. */
  cus: string;
}

export const CUS_INNET_WATCH_PERMISSION = `${CUS_PERMS.inquiry},${CUS_PERMS.innetInquiry},${LEDGER_PERMS.customerInfo}`;

export async function cusInnetAudience(
  viewer: { userId: string; tenantId: string; cusCode: string | null },
  n: CusInnetNotice,
  allows: (userId: string, tenantId: string, permission: string) => Promise<boolean>,
): Promise<boolean> {
  if (viewer.tenantId !== n.tenant) return false;
  if (viewer.cusCode !== null && viewer.cusCode !== n.cus) return false;
  return allows(viewer.userId, n.tenant, CUS_INNET_WATCH_PERMISSION);
}
