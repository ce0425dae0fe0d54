// Queuing a push message: one push_outbox row, in the caller's transaction where there is one (so a
// rolled-back change sends nothing), whose insert wakes the senders of every process (0047's trigger).
import type { PushMessage } from '../../../contract/api/push';
import type { SqlConn } from '../ledger/store';

const BODY_MAX = 240;

export async function queuePush(c: SqlConn, tenantId: string, to: string[] | 'ALL', message: Omit<PushMessage, 'sentAt'>): Promise<void> {
  if (to !== 'ALL' && !to.length) return;
  const payload: PushMessage = { ...message, body: message.body.slice(0, BODY_MAX), sentAt: Date.now() };
  await c.query('INSERT INTO push_outbox (tenant_id, user_ids, payload) VALUES ($1, $2::text[], $3::jsonb)', [
    tenantId,
    to === 'ALL' ? null : [...new Set(to)],
    JSON.stringify(payload),
  ]);
}
