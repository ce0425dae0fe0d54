// The list kit's SQL half against a real database (in-memory PGlite): filters, super query,
// sorting, and injection strings that must stay plain values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text, integer, timestamp } from 'drizzle-orm/pg-core';
import { count } from 'drizzle-orm';
import { parseListQuery } from '@contract/listQuery';
import { orderOf, whereOf, type ListResource } from '../../server/lib/listSql';

const people = pgTable('people', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  sex: text('sex').notNull(),
  age: integer('age').notNull(),
  createdAt: timestamp('created_at', { mode: 'string' }).notNull(),
});
const resource: ListResource = {
  fields: { username: 'string', sex: 'dict', age: 'number', createTime: 'datetime' },
  columns: { id: people.id, username: people.username, sex: people.sex, age: people.age, createTime: people.createdAt },
};

let client: PGlite;
let db: ReturnType<typeof drizzle>;
beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await client.exec(`create table people (id text primary key, username text not null, sex text not null, age int not null, created_at timestamp not null);
    insert into people values ('1','admin','1',40,'2026-01-01'),('2','operator','2',30,'2026-02-01'),('3','approver','1',25,'2026-03-01'),('4','ad_min%','2',50,'2026-04-01');`);
});
afterAll(() => client.close());

async function run(query: Record<string, string>) {
  const parsed = parseListQuery(query, resource);
  if (!parsed.ok) throw new Error(parsed.message);
  const q = parsed.value;
  const where = whereOf(q, resource);
  const rows = await db
    .select({ id: people.id })
    .from(people)
    .where(where)
    .orderBy(...orderOf(q, resource))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return rows.map((r) => r.id);
}

describe('list SQL', () => {
  it('sorts by createTime descending by default, pages with a stable order', async () => {
    expect(await run({})).toEqual(['4', '3', '2', '1']);
    expect(await run({ pageSize: '2', pageNo: '2' })).toEqual(['2', '1']);
    expect(await run({ column: 'age', order: 'asc' })).toEqual(['3', '2', '1', '4']);
  });
  it('applies like, not-equal, in and ranges', async () => {
    expect(await run({ username: '*min*' })).toEqual(['4', '1']);
    expect(await run({ sex: '!1' })).toEqual(['4', '2']);
    expect(await run({ username: 'admin,operator', column: 'username', order: 'asc' })).toEqual(['1', '2']);
    expect(await run({ age: '>=30', createTime_end: '2026-03-15' })).toEqual(['2', '1']);
  });
  it('matches LIKE wildcards literally', async () => {
    expect(await run({ username: '*_min%*' })).toEqual(['4']);
    expect(await run({ username: '*%*' })).toEqual(['4']);
  });
  it('applies the super query with and/or', async () => {
    const sq = encodeURIComponent(
      JSON.stringify([
        { field: 'sex', rule: 'eq', val: '1' },
        { field: 'age', rule: 'gt', val: '45' },
      ]),
    );
    expect(await run({ superQueryParams: sq, superQueryMatchType: 'and' })).toEqual([]);
    expect(await run({ superQueryParams: sq, superQueryMatchType: 'or' })).toEqual(['4', '3', '1']);
  });
  it('keeps injection strings as values and leaves the table intact', async () => {
    expect(await run({ username: "' or 1=1 --" })).toEqual([]);
    expect(await run({ username: "*'; drop table people; --*" })).toEqual([]);
    const sq = encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'in', val: "admin','x" }]));
    expect(await run({ superQueryParams: sq })).toEqual([]);
    expect((await db.select({ n: count() }).from(people))[0].n).toBe(4);
  });
});
