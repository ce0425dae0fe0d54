// One InnetService per database over the ledger's store, so routes, the start-up resume and tests
// see the same provider adapter (its callbacks reach the service that submitted the application).
import { InnetSimulator, innetOptionsFromEnv } from '../../adapters/channel/innetSimulator';
import type { InnetChannel } from '../../adapters/channel/innet';
import type { Db } from '../../db/client';
import { ledgerServiceFor } from '../ledger/instance';
import { InnetService } from './innet';

const services = new WeakMap<Db, InnetService>();

/** The service of `db`; its channel is the built-in simulator (INNET_LATENCY_MS, INNET_DUPLICATE_RATE) unless given. */
export function innetServiceFor(db: Db, channel?: () => InnetChannel, log?: (msg: string) => void): InnetService {
  let s = services.get(db);
  if (!s) {
    s = new InnetService(ledgerServiceFor(db).store, channel ? channel() : new InnetSimulator({ ...innetOptionsFromEnv(), log }), log);
    services.set(db, s);
  }
  return s;
}

export async function releaseInnetService(db: Db): Promise<void> {
  const s = services.get(db);
  services.delete(db);
  s?.channel.close();
}
