// Every unique index of the migrations answers its own '{fieldName}已存在' (issue 13 §2): the list is
// read from the migrated database, so an index added later without a message fails here; and a
// message names an index that exists, so the map cannot rot. A violation of an index that used to
// fall back to the generic '数据已存在' now names its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages';
import { UNIQUE_MESSAGES, pgRefusal } from '../../server/http/pgErrors';
import { BACKENDS, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('unique index messages on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  }, 180_000);
  afterAll(async () => t?.close());

  it('maps every unique index (primary keys aside) to a message naming its field', async () => {
    const rows = await t.sql<{ name: string }>(
      `SELECT i.indexname AS name FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.indexdef LIKE 'CREATE UNIQUE INDEX%'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype = 'p')
        ORDER BY 1`,
    );
    const indexes = rows.map((r) => r.name);
    expect(indexes.length).toBeGreaterThan(30);
    expect(indexes.filter((name) => !(name in UNIQUE_MESSAGES))).toEqual([]);
    expect(Object.keys(UNIQUE_MESSAGES).filter((name) => !indexes.includes(name))).toEqual([]);
    for (const [name, message] of Object.entries(UNIQUE_MESSAGES)) {
      expect(message, name).toMatch(/已存在/);
      expect(message, name).not.toBe(MSG.dbDuplicate);
    }
  });

  it('a violation of a formerly unmapped index is a 409 naming the field', async () => {
    await t.sql(`INSERT INTO positions (id, tenant_id, code, name) VALUES ('p-u1', '0', 'uq_code', '职务一')`);
    const err = await t.sql(`INSERT INTO positions (id, tenant_id, code, name) VALUES ('p-u2', '0', 'uq_code', '职务二')`).catch((e: unknown) => e);
    const refusal = pgRefusal(err);
    expect(refusal?.statusCode).toBe(409);
    expect(refusal?.message).toBe('职务编码已存在');
  });
});
