// Per-process answers to what every transfer asks before it posts (issue 15 §3): does the tenant
// have an approved transfer fee rule, and which accounts have an approved split rule (the credited
// account's arrivals are split). Without them each AcctTransfer paid one more query before the
// ledger's batch; with them a transfer of a tenant without such rules goes straight to the batch.
//
// Both answers depend on fee_rules and split_rules only (status 'approved'; effective times are the
// pricing's and the split's business, read when a rule applies), and only a rule decision changes
// them: the process that decided drops its entries at once after the commit (changed()) and tells
// every other process through the broker ('fee_rules' on the 'boss_tables' topic), which drops
// theirs on hearing it. A change made outside the app (SQL by hand) is seen within TTL_MS. Nothing is
// cached while the broker cannot promise delivery (not attached, or its listener lost), and a read
// that started before a change is never stored after it (the epoch), as in the auth and list caches.
import { TOPIC_CHANNELS, type Broker } from '../../realtime/broker';
import type { SqlConn } from '../ledger/store';

export interface RuleFlags {
  /** An approved transfer fee rule exists in the tenant (whether one applies is the pricing's question). */
  transferFee: boolean;
  /** Account numbers with an approved split rule. */
  splitSources: ReadonlySet<string>;
}

/** Above this many split sources a tenant's answers are not kept: each transfer asks for its own account. */
const MAX_SPLIT_SOURCES = 50_000;
const TABLES = new Set(['fee_rules', 'split_rules']);
/** Longest life of an entry: the bound for a rule changed outside the app. */
const TTL_MS = 5_000;

export class RuleFlagsCache {
  private readonly entries = new Map<string, RuleFlags & { at: number }>();
  private readonly inflight = new Map<string, Promise<RuleFlags | null>>();
  private epoch = 0;
  private broker: Broker | null = null;

  attach(broker: Broker): void {
    this.broker = broker;
    broker.onTopic(TOPIC_CHANNELS.tables, (table) => {
      if (table === null || TABLES.has(table)) this.forget();
    });
    this.forget();
  }

  detach(): void {
    this.broker = null;
    this.forget();
  }

  get live(): boolean {
    return this.broker?.listening === true;
  }

  /** After this process decided a rule (committed or not): its entries go now, every other process's on the notice. */
  changed(): void {
    this.forget();
    this.broker?.publishTopic(TOPIC_CHANNELS.tables, 'fee_rules').catch(() => {});
  }

  forget(): void {
    this.epoch++;
    this.entries.clear();
    this.inflight.clear();
  }

  /** The tenant's flags, or null when they are not kept (not live, or too many split sources): ask the database. */
  async flags(c: SqlConn, tenantId: string): Promise<RuleFlags | null> {
    if (!this.live) return null;
    const hit = this.entries.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit;
    let p = this.inflight.get(tenantId);
    if (!p) {
      const epoch = this.epoch;
      const q: Promise<RuleFlags | null> = read(c, tenantId)
        .then((flags) => {
          if (flags && epoch === this.epoch && this.live) this.entries.set(tenantId, { ...flags, at: Date.now() });
          return flags;
        })
        .finally(() => {
          if (this.inflight.get(tenantId) === q) this.inflight.delete(tenantId);
        });
      this.inflight.set(tenantId, q);
      p = q;
    }
    return p;
  }
}

async function read(c: SqlConn, tenantId: string): Promise<RuleFlags | null> {
  const [x] = await c.query<{ fee: boolean; sources: string[] | null; n: number }>(
    `SELECT EXISTS (SELECT 1 FROM fee_rules WHERE tenant_id = $1 AND tx_type = 'transfer' AND status = 'approved') AS fee,
            (SELECT array_agg(DISTINCT source_acct_no) FROM (SELECT source_acct_no FROM split_rules WHERE tenant_id = $1 AND status = 'approved' LIMIT $2) s) AS sources,
            (SELECT count(*)::int FROM (SELECT 1 FROM split_rules WHERE tenant_id = $1 AND status = 'approved' LIMIT $2) s) AS n`,
    [tenantId, MAX_SPLIT_SOURCES + 1],
  );
  if (Number(x.n) > MAX_SPLIT_SOURCES) return null;
  return { transferFee: x.fee, splitSources: new Set(x.sources ?? []) };
}
