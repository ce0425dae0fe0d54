// The waits of the simulated parties (payment channel, innet providers): each one can be cut short
// at close, so a closing app never waits out a latency.
export class Timers {
  private readonly pending = new Map<NodeJS.Timeout, () => void>();

  sleep(ms: number): Promise<void> {
    if (ms <= 0) return new Promise((r) => setImmediate(r));
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.pending.delete(t);
        resolve();
      }, ms);
      this.pending.set(t, resolve);
    });
  }

  /** Ends every wait now (its sleeper resumes at once). */
  cancelAll(): void {
    for (const [t, resolve] of this.pending) {
      clearTimeout(t);
      resolve();
    }
    this.pending.clear();
  }
}
