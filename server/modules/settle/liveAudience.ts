// Who hears of a change of a settlement item's or a reconciliation difference's status (migration
// 0055's trigger; server/realtime/liveFeed.ts): platform users of its tenant who may see either list.
import { SETTLE_PERMS } from '../../../contract/api/settle';

export const SETTLE_WATCH_PERMISSION = `${SETTLE_PERMS.batchList},${SETTLE_PERMS.reconList}`;

export async function settleAudience(
  viewer: { userId: string; tenantId: string; cusCode: string | null },
  n: { tenant: string },
  allows: (userId: string, tenantId: string, permission: string) => Promise<boolean>,
): Promise<boolean> {
  if (viewer.tenantId !== n.tenant || viewer.cusCode !== null) return false;
  return allows(viewer.userId, n.tenant, SETTLE_WATCH_PERMISSION);
}
