// Payment-provider onboarding (innet) behind an adapter, as payments sit behind ./channel.ts. A
// real provider accepts an application at once and reports its review, its verification payment and
// the opened account later through callbacks, which may arrive late, twice or out of order; the
// receiver (server/modules/cus/innet.ts) applies each callback once and only forward. The built-in
// simulator (./innetSimulator.ts) is the embedded default.

export interface InnetApplication {
  innetId: string;
  tenantId: string;
  provider: string;
  product: string;
  /** Which submission this is (callbacks carry it back). */
  submitNo: number;
  cusName: string;
  settleCardNo: string;
  /** The provider's own fields. */
  fields: Record<string, string>;
}

export type InnetEvent =
  | { kind: 'accepted'; providerRef: string }
  | { kind: 'approved'; verifyAmountFen: number }
  | { kind: 'rejected'; reasons: { field: string; reason: string }[] }
  | { kind: 'opened'; providerAccountNo: string }
  // Of a further account's application (bank-account-apply): the callback's applyId names it.
  | { kind: 'accountAccepted'; providerRef: string }
  | { kind: 'accountOpened'; providerAccountNo: string }
  | { kind: 'accountRejected'; reason: string };

/** A further account (a virtual bank account) for a customer the provider has opened. */
export interface AccountApplication {
  applyId: string;
  tenantId: string;
  provider: string;
  /** The opened merchant at the provider. */
  innetId: string;
  acctType: string;
  remark: string;
}

export interface InnetCallback {
  /** Unique per event; a replay carries the same id. */
  eventId: string;
  innetId: string;
  tenantId: string;
  submitNo: number;
  /** Set on the events of a further account's application (account*). */
  applyId?: string;
  event: InnetEvent;
}

export interface InnetChannel {
  /** Hands an application (or a resubmission) to the provider; the review arrives later. */
  apply(app: InnetApplication): Promise<{ providerRef: string }>;
  /** Asks the provider to open the signed merchant's account; 'opened' arrives later. Repeating it is harmless. */
  open(req: { innetId: string; tenantId: string; provider: string; submitNo: number; providerRef: string }): Promise<void>;
  /** Asks the provider for a further account; 'accountAccepted' then 'accountOpened' or 'accountRejected' arrive later. Repeating it is harmless. */
  applyAccount(app: AccountApplication): Promise<void>;
  /** Where callbacks go. A callback that throws is delivered again later. */
  onCallback(cb: (c: InnetCallback) => Promise<void>): void;
  /** Resolves once nothing is waiting to be delivered (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}
