// One transaction of the pay module on the ledger's store, so order rows, holds and postings
// commit together. Retried (as the ledger retries its own) on deadlock / serialisation failure and
// on an idempotency-key clash with a concurrent twin (the retry then finds the twin's entry and
// replays it).
import { isIdempotencyClash } from '../ledger/posting';
import type { LedgerService } from '../ledger/service';
import type { SqlConn } from '../ledger/store';

const RETRYABLE = new Set(['40P01', '40001']);

export async function withTx<T>(ledger: LedgerService, fn: (c: SqlConn) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ledger.store.tx(fn);
    } catch (err) {
      if (attempt >= 3) throw err;
      if (isIdempotencyClash(err) || RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
      throw err;
    }
  }
}
