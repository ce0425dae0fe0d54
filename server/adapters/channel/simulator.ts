// Channel simulator: behaves like a real channel without reaching one. It accepts an order,
// waits a random latency, then calls back with the outcome. Deterministic failure rule: an amount
// whose fen part is 99 (x.99 yuan) fails ('渠道拒绝：金额尾数为.99'); everything else succeeds.
// Failed deliveries (the callback threw) are retried with back-off, up to maxRetries.
// Settings: CHANNEL_LATENCY_MS = "min-max" or "ms" (default "300-1200").
import { randomUUID } from 'node:crypto';
import type { ChannelCallback, ChannelRequest, ChannelResult, PaymentChannel } from './channel';
import { Timers } from './timers';

export interface SimulatorOptions {
  minLatencyMs: number;
  maxLatencyMs: number;
  maxRetries: number;
  retryDelayMs: number;
  log?: (msg: string) => void;
}

export const SIMULATED_FAILURE = '渠道拒绝：金额尾数为.99（模拟失败规则）';

export function simulatedOutcome(amountFen: bigint): { success: boolean; failReason?: string } {
  return amountFen % 100n === 99n ? { success: false, failReason: SIMULATED_FAILURE } : { success: true };
}

export function latencyFromEnv(value: string | undefined): { minLatencyMs: number; maxLatencyMs: number } {
  const m = /^\s*(\d{1,6})\s*(?:-\s*(\d{1,6}))?\s*$/.exec(value ?? '');
  if (!m) return { minLatencyMs: 300, maxLatencyMs: 1200 };
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Math.max(min, Number(m[2]));
  return { minLatencyMs: min, maxLatencyMs: max };
}

export class ChannelSimulator implements PaymentChannel {
  readonly name = 'simulator';
  private readonly opts: SimulatorOptions;
  private callback: ChannelCallback | null = null;
  /** Orders accepted and not yet delivered, by order id (a resubmit while in flight is ignored). */
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly refs = new Map<string, string>();
  private readonly timers = new Timers();
  private closed = false;

  constructor(opts: Partial<SimulatorOptions> = {}) {
    this.opts = { minLatencyMs: 300, maxLatencyMs: 1200, maxRetries: 8, retryDelayMs: 200, ...opts };
  }

  /** Deliveries accepted and not yet made (the monitoring page's figure of the simulator). */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  onResult(cb: ChannelCallback): void {
    this.callback = cb;
  }

  async submit(req: ChannelRequest): Promise<{ channelRef: string }> {
    const channelRef = this.refs.get(req.orderId) ?? `SIM${Date.now().toString(36).toUpperCase()}${randomUUID().slice(0, 8).toUpperCase()}`;
    this.refs.set(req.orderId, channelRef);
    if (this.closed || this.inFlight.has(req.orderId)) return { channelRef };
    const outcome = simulatedOutcome(req.amountFen);
    const result: ChannelResult = { orderId: req.orderId, tenantId: req.tenantId, channelRef, ...outcome };
    const { minLatencyMs: min, maxLatencyMs: max } = this.opts;
    const delivery = this.deliver(result, min + Math.random() * (max - min)).finally(() => {
      this.inFlight.delete(req.orderId);
      this.refs.delete(req.orderId);
    });
    this.inFlight.set(req.orderId, delivery);
    return { channelRef };
  }

  private async deliver(result: ChannelResult, delayMs: number): Promise<void> {
    for (let attempt = 0; attempt <= this.opts.maxRetries; attempt++) {
      await this.timers.sleep(attempt === 0 ? delayMs : this.opts.retryDelayMs * 2 ** (attempt - 1));
      if (this.closed || !this.callback) return;
      try {
        await this.callback(result);
        return;
      } catch (err) {
        this.opts.log?.(`channel callback for ${result.orderId} failed (attempt ${attempt + 1}): ${(err as Error).message}`);
      }
    }
  }

  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }

  close(): void {
    this.closed = true;
    // Undelivered outcomes stay pending in the database; the next start resubmits them.
    this.timers.cancelAll();
  }
}
