// The payment channel (bank / payment institution) behind an adapter. A real channel accepts an
// order at once and reports its outcome later through a callback; the ledger posts only on that
// callback. The built-in simulator (./simulator.ts) is the embedded default.
export interface ChannelRequest {
  orderId: string;
  tenantId: string;
  kind: 'charge' | 'withdraw';
  amountFen: bigint;
  /** Payee card of a withdrawal. */
  cardNo?: string | null;
}

export interface ChannelResult {
  orderId: string;
  tenantId: string;
  success: boolean;
  channelRef: string;
  failReason?: string;
}

export type ChannelCallback = (result: ChannelResult) => Promise<void>;

export interface PaymentChannel {
  readonly name: string;
  /** Hands the order to the channel; the outcome arrives later through the callback. Resubmitting an order is harmless. */
  submit(req: ChannelRequest): Promise<{ channelRef: string }>;
  /** Where outcomes go. A callback that throws is delivered again later, as real channels retry. */
  onResult(cb: ChannelCallback): void;
  /** Resolves once no outcome is waiting or being delivered (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}
