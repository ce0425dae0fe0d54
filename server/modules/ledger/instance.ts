// One LedgerService per database, shared by every module that moves money (the channel's
// callbacks must reach the same service whichever module submitted the order).
import { ChannelSimulator, latencyFromEnv } from '../../adapters/channel/simulator';
import type { PaymentChannel } from '../../adapters/channel/channel';
import type { Db } from '../../db/client';
import { LedgerService } from './service';
import { storeOfDb } from './store';

const services = new WeakMap<Db, LedgerService>();

/** The channel of a new service: the built-in simulator (CHANNEL_LATENCY_MS, default 300-1200 ms). */
export function defaultChannel(log?: (msg: string) => void): PaymentChannel {
  return new ChannelSimulator({ ...latencyFromEnv(process.env.CHANNEL_LATENCY_MS), log });
}

export function ledgerServiceFor(db: Db, channel?: () => PaymentChannel): LedgerService {
  let s = services.get(db);
  if (!s) {
    s = new LedgerService(storeOfDb(db), channel ? channel() : defaultChannel());
    services.set(db, s);
  }
  return s;
}

/** Stops the service's channel and forgets it (app close). */
export async function releaseLedgerService(db: Db): Promise<void> {
  const s = services.get(db);
  services.delete(db);
  if (!s) return;
  s.channel.close();
  await s.store.close();
}
