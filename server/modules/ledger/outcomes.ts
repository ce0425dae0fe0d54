// Channel outcomes arrive one callback at a time, often many at once (a settlement batch's
// payouts). Each locks the same platform accounts (suspense, bank settlement) until it commits, so
// one transaction per callback serialises them on those rows. This queue applies the outcomes that
// are waiting together: one transaction and one ledger_post call per tenant for all of them
// (orders.ts completeOrders), while the next group gathers. A group that fails is applied one by one,
// so one bad outcome fails only its own callback (which the channel delivers again later).
import type { ChannelResult } from '../../adapters/channel/channel';

interface Waiting {
  result: ChannelResult;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class OutcomeQueue {
  private waiting: Waiting[] = [];
  private draining = false;

  constructor(
    private readonly apply: (results: ChannelResult[]) => Promise<void>,
    private readonly max = 500,
  ) {}

  push(result: ChannelResult): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ result, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length) {
        const group = this.waiting.splice(0, this.max);
        try {
          await this.apply(group.map((w) => w.result));
          for (const w of group) w.resolve();
        } catch {
          for (const w of group) await this.apply([w.result]).then(w.resolve, w.reject);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
