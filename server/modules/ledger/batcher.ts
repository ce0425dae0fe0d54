// Group posting: standalone postings (ledger.post: transfers, freezes, unfreezes, channel
// settlements) that arrive while earlier ones are still on their way to the database travel
// together, as one ledger_post() call, one transaction and one WAL flush. A posting never waits
// for company: when fewer than `inFlight` batches of its tenant are out, it leaves at once (alone
// when the ledger is quiet); otherwise it queues, and the queue leaves together as soon as one
// comes back. Tenants never wait for each other. One batch out per tenant is the default: on this
// project's 2-core reference machine a transfer then costs ~150 µs of Node CPU instead of ~500, and
// throughput under 16 concurrent clients is ~1.5-4× that of two or more smaller batches out
// (the per-call costs — round trip, statement start-up, commit and WAL flush — are most of a
// posting's cost; see bench/ledger.ts). The price: a batch waiting for a row lock held elsewhere
// holds up the tenant's standalone postings queued behind it (never postIn inside a transaction). What each posting guarantees is unchanged: ledger_post() takes the locks of
// the whole batch in the one global order (accounts by id, then holds, then a lane) and posts each
// entry as if alone, on the balances the ones before it left; a refused one writes nothing.
// If the batch fails as a whole (an idempotency-key clash with a twin outside it, a deadlock, a
// programming error), nothing of it was written and each posting is tried again on its own.
import type { AppError } from '../../http/envelope';
import type { PostInput, PostedEntry } from './posting';

interface Waiting {
  input: PostInput;
  resolve: (e: PostedEntry) => void;
  reject: (err: unknown) => void;
}

export interface BatcherOptions {
  /** Batches of one tenant out at once (LEDGER_BATCH_IN_FLIGHT, default 1). */
  inFlight: number;
  /** Postings per batch at most (LEDGER_BATCH_MAX, default 32). */
  maxBatch: number;
}

export function batcherOptionsFromEnv(env: Record<string, string | undefined> = process.env): BatcherOptions {
  const num = (v: string | undefined, d: number, max: number) => Math.min(max, Math.max(1, Number(v ?? d) || d));
  return { inFlight: num(env.LEDGER_BATCH_IN_FLIGHT, 1, 64), maxBatch: num(env.LEDGER_BATCH_MAX, 32, 500) };
}

export class PostingBatcher {
  /** Waiting postings by tenant (a batch is one tenant's: the hash chain lanes are per tenant). */
  private readonly waiting = new Map<string, Waiting[]>();
  /** Batches out, by tenant. */
  private readonly out = new Map<string, number>();

  constructor(
    /** Posts a batch of one tenant: per posting its entry or its refusal; throws when the batch failed as a whole. */
    private readonly postBatch: (inputs: PostInput[]) => Promise<(PostedEntry | AppError)[]>,
    /** Posts one on its own, with the caller's retries (the fallback of a failed batch). */
    private readonly postAlone: (input: PostInput) => Promise<PostedEntry>,
    private readonly opts: BatcherOptions,
  ) {}

  post(input: PostInput): Promise<PostedEntry> {
    return new Promise<PostedEntry>((resolve, reject) => {
      let q = this.waiting.get(input.tenantId);
      if (!q) this.waiting.set(input.tenantId, (q = []));
      q.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const [tenantId, q] of this.waiting) {
      while (q.length && (this.out.get(tenantId) ?? 0) < this.opts.inFlight) {
        const batch = q.splice(0, this.opts.maxBatch);
        this.out.set(tenantId, (this.out.get(tenantId) ?? 0) + 1);
        void this.send(batch).finally(() => {
          const left = this.out.get(tenantId)! - 1;
          if (left) this.out.set(tenantId, left);
          else this.out.delete(tenantId);
          this.pump();
        });
      }
      if (!q.length) this.waiting.delete(tenantId);
    }
  }

  private async send(batch: Waiting[]): Promise<void> {
    let results: (PostedEntry | AppError)[];
    try {
      results = await this.postBatch(batch.map((w) => w.input));
    } catch {
      await Promise.all(batch.map((w) => this.postAlone(w.input).then(w.resolve, w.reject)));
      return;
    }
    results.forEach((r, i) => (r instanceof Error ? batch[i].reject(r) : batch[i].resolve(r)));
  }
}
