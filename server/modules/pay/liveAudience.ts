// Who hears of a change of a payment order's status on their socket (server/realtime/liveFeed.ts):
// the same people who can see the order (queries.ts visibleOrder) — users of its tenant holding
// pay:order:inquiry (lists, details) or pay:order:approve (the 待我审批 list and badge), narrowed to
// their customer when their group is a customer's — and always its maker.
import { PAY_PERMS } from '../../../contract/api/pay';

/** The notice of migration 0016's trigger. */
export interface PayOrderNotice {
  kind: 'payOrder';
  id: string;
  tenant: string;
  status: string;
  maker: string;
  /** The payer's and the payee's customer codes (null where none). */
  cus: (string | null)[];
}

export const PAY_ORDER_WATCH_PERMISSION = `${PAY_PERMS.inquiry},${PAY_PERMS.approve}`;

export async function payOrderAudience(
  viewer: { userId: string; tenantId: string; cusCode: string | null },
  n: PayOrderNotice,
  allows: (userId: string, tenantId: string, permission: string) => Promise<boolean>,
): Promise<boolean> {
  if (viewer.tenantId !== n.tenant) return false;
  if (viewer.userId === n.maker) return true;
  if (viewer.cusCode !== null && !(Array.isArray(n.cus) && n.cus.includes(viewer.cusCode))) return false;
  return allows(viewer.userId, n.tenant, PAY_ORDER_WATCH_PERMISSION);
}
