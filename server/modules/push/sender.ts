// Sends queued push messages (push_outbox) to every subscribed device of their users, as the Web Push
// protocol says: the payload encrypted for the subscription's keys (aes128gcm, RFC 8291) and a VAPID
// JWT (RFC 8292), by web-push's generateRequestDetails, POSTed to the subscription's endpoint.
// A row is claimed by DELETE … SKIP LOCKED, so with several processes each message goes out once.
// A subscription the push service reports gone (404, 410) is removed. Woken by the outbox trigger's
// notice (broker topic), and every SWEEP_MS for anything a lost listener missed.
import webpush from 'web-push';
import type { PushMessage } from '../../../contract/api/push';
import type { SqlConn } from '../ledger/store';
import type { VapidKeys } from './vapid';

const BATCH = 50;
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for an offline device. */
const TTL_S = 24 * 3600;

interface OutboxRow {
  tenant_id: string;
  user_ids: string[] | null;
  payload: PushMessage;
}
interface SubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export class PushSender {
  private running: Promise<void> | null = null;
  private again = false;
  /** Figures of this process, for tests and the log. */
  readonly stats = { sent: 0, gone: 0, failed: 0 };

  constructor(
    private readonly store: SqlConn,
    private readonly vapid: (VapidKeys & { subject: string }) | null,
    private readonly log: (m: string) => void,
  ) {}

  /** Drains the outbox now (coalesced: a wake while draining drains once more). */
  wake(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (await this.drainBatch());
        } while (this.again);
      } catch (err) {
        this.log(`push: draining the outbox failed: ${(err as Error).message}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async drainBatch(): Promise<boolean> {
    const rows = await this.store.query<OutboxRow>(
      `DELETE FROM push_outbox WHERE id IN (SELECT id FROM push_outbox ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED) RETURNING tenant_id, user_ids, payload`,
    );
    await Promise.all(rows.map((r) => this.deliver(r)));
    return rows.length === BATCH;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    if (!this.vapid) return;
    const subs = row.user_ids
      ? await this.store.query<SubscriptionRow>(
          `SELECT s.endpoint, s.p256dh, s.auth FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE s.user_id = ANY($1::text[]) AND u.status = 1`,
          [row.user_ids],
        )
      : await this.store.query<SubscriptionRow>(
          `SELECT s.endpoint, s.p256dh, s.auth FROM push_subscriptions s JOIN users u ON u.id = s.user_id
            WHERE u.status = 1 AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = s.user_id AND g.tenant_id = $1)`,
          [row.tenant_id],
        );
    await Promise.all(subs.map((s) => this.send(s, row.payload)));
  }

  private async send(sub: SubscriptionRow, payload: PushMessage): Promise<void> {
    const vapid = this.vapid!;
    try {
      const req = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_S,
        urgency: 'high',
        topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
        contentEncoding: 'aes128gcm',
      });
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : undefined,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      if (res.status === 404 || res.status === 410) {
        this.stats.gone++;
        await this.store.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint]);
      } else if (res.ok) {
        this.stats.sent++;
        await this.store.query('UPDATE push_subscriptions SET last_ok_at = now() WHERE endpoint = $1', [sub.endpoint]);
      } else {
        this.stats.failed++;
        this.log(`push: ${new URL(sub.endpoint).host} answered ${res.status}`);
      }
      await res.body?.cancel().catch(() => {});
    } catch (err) {
      this.stats.failed++;
      this.log(`push: sending failed: ${(err as Error).message}`);
    }
  }
}
