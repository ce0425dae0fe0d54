// ledger_post() reads its rows by key however young its tables (migration 0059, issue 15 §3). On a
// new database the tables have no statistics; a plan made then and kept (a generic plan) finds the
// batch's entries by tenant alone and filters the keys, reading every entry of the tenant — slower
// with every posting until autovacuum first analyzes the table (bench:ledger: 573 → 214 transfers/s
// in 25 s). Run as the function runs (its own settings), the idempotency lookup, planned while the
// table is empty and run again after it has grown, must take the (tenant, key) index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startApp, type TestApp } from './helpers';

/** ledger_post's step 4, as the function writes it. */
const IDEMPOTENCY_LOOKUP = `SELECT e.id FROM journal_entries e WHERE e.tenant_id = $1 AND e.idempotency_key = ANY ($2)`;

describe.each(BACKENDS)('ledger_post plans (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs with the settings that keep a young table’s key lookups on their index', async () => {
    const [fn] = await t.sql<{ config: string[] | null }>(`SELECT proconfig AS config FROM pg_proc WHERE proname = 'ledger_post'`);
    const settings = Object.fromEntries((fn.config ?? []).map((s) => s.split('=')));
    expect(settings.plan_cache_mode).toBe('force_custom_plan');

    // One connection throughout (a prepared statement and its plan belong to their session).
    let plan = '';
    const rolledBack = t.database.db.transaction(async (tx) => {
      const run = async (text: string) => {
        const res = (await tx.execute(sql.raw(text))) as unknown;
        return (Array.isArray(res) ? res : ((res as { rows?: unknown[] }).rows ?? [])) as Record<string, string>[];
      };
      // Planned (and run, so a generic plan would be kept) while the table is empty ...
      await run(`SET LOCAL plan_cache_mode = ${settings.plan_cache_mode}`);
      await run(`PREPARE lookup(text, text[]) AS ${IDEMPOTENCY_LOOKUP}`);
      for (let i = 0; i < 6; i++) await run(`EXECUTE lookup('plans', ARRAY['k1', 'k2'])`);
      // ... then the tenant's entries grow, with no statistics taken (autovacuum has not come by).
      await run(
        `INSERT INTO journal_entries (id, tenant_id, entry_no, lane, lane_seq, kind, actor, idempotency_key, request_hash, created_at, prev_hash, hash)
         SELECT 'plan-' || n, 'plans', 1000000 + n, 900, n, 'transfer', 'test', 'key-' || n, '', now(), '', '' FROM generate_series(1, 5000) AS n`,
      );
      const lines = (await run(`EXPLAIN EXECUTE lookup('plans', ARRAY['key-1', 'key-2'])`)).map((r) => r['QUERY PLAN']);
      await run('DEALLOCATE lookup');
      plan = lines.join('\n');
      // Nothing of the test stays.
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/rollback/i);
    expect(plan).toContain('journal_entries_tenant_id_idempotency_key_key');
    expect(plan).not.toMatch(/Filter: \(idempotency_key/);
  });
});
