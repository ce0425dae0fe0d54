// A customer-side user works in a group of org type 'cus' that names its customer (groups.cus_code):
// every read of customer data by such a user is narrowed to that one customer.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups } from '../../db/schema';

/** The customer code the group is bound to ('' for a customer group that names none, which matches nothing), or null for staff groups. */
export async function customerCodeOf(db: Db, groupId: string | null): Promise<string | null> {
  if (!groupId) return null;
  const [g] = await db.select({ orgType: groups.orgType, cusCode: groups.cusCode }).from(groups).where(eq(groups.id, groupId)).limit(1);
  return g?.orgType === 'cus' ? (g.cusCode ?? '') : null;
}
