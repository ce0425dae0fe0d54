// Innet simulator: several payment providers (contract INNET_PROVIDERS) without reaching one. An
// application is accepted after a random latency, then reviewed: a provider field whose value
// contains '驳回' is rejected with a reason on that field (the deterministic rejection rule), anything
// else is approved and a random verification amount of 0.01-0.99 yuan is 'paid' to the settlement
// card. open() reports the provider account later. Every callback goes out once more with
// probability duplicateRate (real providers retry), and again with back-off while the receiver throws.
// Settings: INNET_LATENCY_MS = "min-max" or "ms" (default "300-1200"), INNET_DUPLICATE_RATE (0.1).
import { randomInt } from 'node:crypto';
import { providerByCode } from '../../../contract/api/cusWire';
import { latencyFromEnv } from './simulator';
import type { AccountApplication, InnetApplication, InnetCallback, InnetChannel, InnetEvent } from './innet';
import { Timers } from './timers';

export const SIMULATED_REJECT_MARK = '驳回';

export interface InnetSimulatorOptions {
  minLatencyMs: number;
  maxLatencyMs: number;
  duplicateRate: number;
  maxRetries: number;
  log?: (msg: string) => void;
}

/** The simulated provider's review of an application. */
export function simulatedReview(app: InnetApplication): InnetEvent {
  const provider = providerByCode(app.provider);
  const reasons = (provider?.fields ?? [])
    .filter((f) => (app.fields[f.key] ?? '').includes(SIMULATED_REJECT_MARK))
    .map((f) => ({ field: f.key, reason: `${f.label}审核不通过，请核实后重新提交（模拟驳回规则）` }));
  return reasons.length ? { kind: 'rejected', reasons } : { kind: 'approved', verifyAmountFen: randomInt(1, 100) };
}

export function innetOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<InnetSimulatorOptions> {
  const rate = Number(env.INNET_DUPLICATE_RATE);
  return { ...latencyFromEnv(env.INNET_LATENCY_MS), duplicateRate: Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : 0.1 };
}

export class InnetSimulator implements InnetChannel {
  private readonly opts: InnetSimulatorOptions;
  private receiver: ((c: InnetCallback) => Promise<void>) | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Timers();
  private closed = false;

  constructor(opts: Partial<InnetSimulatorOptions> = {}) {
    this.opts = { minLatencyMs: 300, maxLatencyMs: 1200, duplicateRate: 0.1, maxRetries: 8, ...opts };
  }

  onCallback(cb: (c: InnetCallback) => Promise<void>): void {
    this.receiver = cb;
  }

  async apply(app: InnetApplication): Promise<{ providerRef: string }> {
    const providerRef = `${app.provider.toUpperCase()}-${app.innetId.slice(0, 12)}`;
    const base = { innetId: app.innetId, tenantId: app.tenantId, submitNo: app.submitNo };
    this.track(async () => {
      await this.emit({ ...base, eventId: `${app.innetId}:${app.submitNo}:accepted`, event: { kind: 'accepted', providerRef } });
      await this.emit({ ...base, eventId: `${app.innetId}:${app.submitNo}:reviewed`, event: simulatedReview(app) });
    });
    return { providerRef };
  }

  async open(req: { innetId: string; tenantId: string; provider: string; submitNo: number; providerRef: string }): Promise<void> {
    const providerAccountNo = `${req.provider.toUpperCase()}${String(randomInt(10 ** 9, 10 ** 10))}`;
    const callback: InnetCallback = {
      innetId: req.innetId,
      tenantId: req.tenantId,
      submitNo: req.submitNo,
      eventId: `${req.innetId}:${req.submitNo}:opened`,
      event: { kind: 'opened', providerAccountNo },
    };
    this.track(() => this.emit(callback));
  }

  /** A further account: accepted, then opened, or rejected when the remark carries the rejection mark. */
  async applyAccount(app: AccountApplication): Promise<void> {
    const base = { innetId: app.innetId, tenantId: app.tenantId, submitNo: 0, applyId: app.applyId };
    const providerRef = `${app.provider.toUpperCase()}-VA-${app.applyId.slice(0, 10)}`;
    const outcome: InnetEvent = app.remark.includes(SIMULATED_REJECT_MARK)
      ? { kind: 'accountRejected', reason: '开户资料审核不通过，请核实后重新申请（模拟驳回规则）' }
      : { kind: 'accountOpened', providerAccountNo: `VA${String(randomInt(10 ** 9, 10 ** 10))}${String(randomInt(10 ** 5, 10 ** 6))}` };
    this.track(async () => {
      await this.emit({ ...base, eventId: `${app.applyId}:accepted`, event: { kind: 'accountAccepted', providerRef } });
      await this.emit({ ...base, eventId: `${app.applyId}:decided`, event: outcome });
    });
  }

  private track(run: () => Promise<void>): void {
    if (this.closed) return;
    const p = run().finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** After a latency, delivers the callback (retrying while the receiver throws), maybe twice. */
  private async emit(c: InnetCallback): Promise<void> {
    const { minLatencyMs: min, maxLatencyMs: max } = this.opts;
    await this.timers.sleep(min + Math.random() * (max - min));
    const copies = Math.random() < this.opts.duplicateRate ? 2 : 1;
    for (let copy = 0; copy < copies; copy++) {
      for (let attempt = 0; attempt <= this.opts.maxRetries; attempt++) {
        if (this.closed || !this.receiver) return;
        try {
          await this.receiver(c);
          break;
        } catch (err) {
          this.opts.log?.(`innet callback ${c.eventId} failed (attempt ${attempt + 1}): ${(err as Error).message}`);
          await this.timers.sleep(50 * 2 ** attempt);
        }
      }
    }
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    this.timers.cancelAll();
  }
}
