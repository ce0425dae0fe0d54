// Who hears of a change of a release or refund request's status (migration 0056's trigger;
// server/realtime/liveFeed.ts): users of its tenant holding a supervision page, narrowed to the
// fund's customer or supplier when their group is a customer's.
import { SV_PERMS } from '../../../contract/api/supervise';

export interface SuperviseNotice {
  kind: 'supervise';
  id: string;
  tenant: string;
  status: string;
  /** The fund's customer and supplier codes. */
  cus: (string | null)[] | null;
}

export const SV_WATCH_PERMISSION = `${SV_PERMS.bossView},${SV_PERMS.supplierView},${SV_PERMS.cusView}`;

export async function superviseAudience(
  viewer: { userId: string; tenantId: string; cusCode: string | null },
  n: SuperviseNotice,
  allows: (userId: string, tenantId: string, permission: string) => Promise<boolean>,
): Promise<boolean> {
  if (viewer.tenantId !== n.tenant) return false;
  if (viewer.cusCode !== null && !(Array.isArray(n.cus) && n.cus.includes(viewer.cusCode))) return false;
  return allows(viewer.userId, n.tenant, SV_WATCH_PERMISSION);
}
