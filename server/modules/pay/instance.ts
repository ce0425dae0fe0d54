// One PayService (and executor) per database, over the shared LedgerService, so the routes, the
// start-up recovery, the sweep and tests all see the same in-process runs.
import type { Db } from '../../db/client';
import { ledgerServiceFor } from '../ledger/instance';
import type { LedgerService } from '../ledger/service';
import { PayExecutor } from './executor';
import { notifyApprovers } from './notify';
import { PayService } from './service';

const services = new WeakMap<Db, PayService>();

export function createPayService(db: Db, ledger: LedgerService, log: (msg: string) => void = () => {}): PayService {
  const box: { pay?: PayService } = {};
  const executor = new PayExecutor(ledger, (c, o, actor, tag) => box.pay!.releaseIn(c, o, actor, tag), log);
  box.pay = new PayService(ledger, executor, (o) => {
    notifyApprovers(db, ledger.store, o).catch((err: Error) => log(`pay: notifying approvers of ${o.id} failed: ${err.message}`));
  });
  return box.pay;
}

export function payServiceFor(db: Db, log?: (msg: string) => void): PayService {
  let s = services.get(db);
  if (!s) {
    s = createPayService(db, ledgerServiceFor(db), log);
    services.set(db, s);
  }
  return s;
}

export function forgetPayService(db: Db): void {
  services.delete(db);
}
