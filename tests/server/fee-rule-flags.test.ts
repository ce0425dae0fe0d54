// Issue 15 §3: what every transfer asked the database before it posted (an approved transfer fee
// rule in the tenant? an approved split rule on the credited account?) is kept per process
// (server/modules/fee/ruleFlags.ts) while the broker delivers notices, and dropped when a rule
// decision is announced, by this process (changed(): dropped at once and published) or another
// (the 'fee_rules' notice on 'boss_tables'). The flags decide what transferExtras asks.
import { describe, expect, it } from 'vitest';
import { RuleFlagsCache } from '../../server/modules/fee/ruleFlags';
import { transferExtras } from '../../server/modules/fee/engine';
import type { Broker, TopicChannel, TopicHandler } from '../../server/realtime/broker';
import type { SqlConn } from '../../server/modules/ledger/store';

function fakeBroker() {
  const handlers = new Map<string, TopicHandler[]>();
  const broker = {
    kind: 'local',
    closed: false,
    listening: true,
    published: [] as [string, string][],
    onTopic: (c: TopicChannel, h: TopicHandler) => handlers.set(c, [...(handlers.get(c) ?? []), h]),
    publishTopic: async (c: TopicChannel, payload: string) => void broker.published.push([c, payload]),
    send: (c: TopicChannel, payload: string | null) => handlers.get(c)?.forEach((h) => h(payload)),
  };
  return broker as unknown as Broker & typeof broker;
}

/** A connection answering the flags query from `state`, counting the queries. */
function conn(state: { fee: boolean; sources: string[] }) {
  const c = {
    queries: 0,
    gate: null as Promise<void> | null,
    async query<T>(text: string): Promise<T[]> {
      c.queries++;
      // What the database held when the statement ran, answered when the gate opens.
      const rows = /array_agg/.test(text)
        ? [{ fee: state.fee, sources: [...state.sources], n: state.sources.length }]
        : [{ fee_rules: state.fee, split: false }];
      if (c.gate) await c.gate;
      return rows as T[];
    },
  };
  return c as SqlConn & typeof c;
}

describe('fee and split rule flags', () => {
  it('are read once per tenant while the broker listens, and not kept without it', async () => {
    const state = { fee: false, sources: ['A1'] };
    const c = conn(state);
    const flags = new RuleFlagsCache();
    expect(await flags.flags(c, '0')).toBeNull();
    expect(c.queries).toBe(0);
    const b = fakeBroker();
    flags.attach(b);
    const f = await flags.flags(c, '0');
    expect(f?.transferFee).toBe(false);
    expect(f?.splitSources.has('A1')).toBe(true);
    await flags.flags(c, '0');
    await flags.flags(c, '0');
    expect(c.queries).toBe(1);
    await flags.flags(c, '1');
    expect(c.queries).toBe(2);
    b.listening = false;
    expect(await flags.flags(c, '0')).toBeNull();
  });

  it("drop on another process's rule notice (and on lost notices), not on other tables' notices", async () => {
    const state = { fee: false, sources: [] as string[] };
    const c = conn(state);
    const flags = new RuleFlagsCache();
    const b = fakeBroker();
    flags.attach(b);
    expect((await flags.flags(c, '0'))?.transferFee).toBe(false);
    state.fee = true;
    b.send('boss_tables', 'users');
    expect((await flags.flags(c, '0'))?.transferFee).toBe(false);
    b.send('boss_tables', 'fee_rules');
    expect((await flags.flags(c, '0'))?.transferFee).toBe(true);
    state.sources = ['B2'];
    b.send('boss_tables', 'split_rules');
    expect((await flags.flags(c, '0'))?.splitSources.has('B2')).toBe(true);
    state.sources = [];
    b.send('boss_tables', null);
    expect((await flags.flags(c, '0'))?.splitSources.has('B2')).toBe(false);
  });

  it("drop at once on this process's decision and tell the others", async () => {
    const state = { fee: false, sources: [] as string[] };
    const c = conn(state);
    const flags = new RuleFlagsCache();
    const b = fakeBroker();
    flags.attach(b);
    await flags.flags(c, '0');
    state.fee = true;
    flags.changed();
    expect(b.published).toEqual([['boss_tables', 'fee_rules']]);
    expect((await flags.flags(c, '0'))?.transferFee).toBe(true);
  });

  it('never keep a read that a change overtook', async () => {
    const state = { fee: false, sources: [] as string[] };
    const c = conn(state);
    const flags = new RuleFlagsCache();
    flags.attach(fakeBroker());
    let open!: () => void;
    c.gate = new Promise<void>((r) => (open = r));
    const slow = flags.flags(c, '0');
    flags.forget();
    state.fee = true;
    open();
    expect((await slow)?.transferFee).toBe(false);
    c.gate = null;
    expect((await flags.flags(c, '0'))?.transferFee).toBe(true);
  });

  it('decide what a transfer asks: nothing for a tenant without rules, the pricing when a fee rule exists', async () => {
    const c = conn({ fee: false, sources: [] });
    const none = await transferExtras(c, '0', 'A', 'B', 100n, { transferFee: false, splitSources: new Set() });
    expect(none).toEqual({ fee: null, split: false });
    expect(c.queries).toBe(0);
    const split = await transferExtras(c, '0', 'A', 'B', 100n, { transferFee: false, splitSources: new Set(['B']) });
    expect(split.split).toBe(true);
    expect(c.queries).toBe(0);
    // Without flags it asks, as before.
    await transferExtras(c, '0', 'A', 'B', 100n, null);
    expect(c.queries).toBe(1);
  });
});
