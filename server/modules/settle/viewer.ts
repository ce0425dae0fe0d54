// The customer code a request acts for: a customer-group user's own (their group's cusCode), null
// for platform and organisation users. Cached per group (a group's customer never changes).
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../http/guard';
import type { SqlConn } from '../ledger/store';

export function cusCodeResolver(c: SqlConn): (req: FastifyRequest) => Promise<string | null> {
  const byGroup = new Map<string, string | null>();
  return async (req) => {
    const auth = authOf(req);
    if (!auth.groupId) return null;
    if (!byGroup.has(auth.groupId)) {
      const [g] = await c.query<{ cus_code: string | null; org_type: string }>('SELECT cus_code, org_type FROM groups WHERE id = $1', [auth.groupId]);
      byGroup.set(auth.groupId, g?.org_type === 'cus' ? (g.cus_code ?? '') : null);
    }
    return byGroup.get(auth.groupId) ?? null;
  };
}
