// The user list index warms the page's choice filters at load (userIndexLoad.ts warmChoices): each
// value's users are found, and for each sort either listed in its order (a smaller set) or placed in
// it (a larger one, for deep pages), so no first request of a busy day builds them. And it runs its
// query paths once over the tenant's own data (warmPaths), keeping no set they found.
import { afterEach, describe, expect, it } from 'vitest';
import { warmChoices, warmPaths } from '../../server/modules/admin/userIndexLoad';
import { QUERY_TUNING, SORT_FIELDS } from '../../server/modules/admin/userIndexQuery';
import { TenantIndex, type IndexedUser, type Order } from '../../server/modules/admin/userIndexTenant';

const TUNED = { ...QUERY_TUNING };
afterEach(() => Object.assign(QUERY_TUNING, TUNED));

const user = (i: number): IndexedUser => ({
  id: `u-${String(i).padStart(5, '0')}`,
  username: `user${(i * 7919) % 3000}`,
  realname: `名${i % 97}`,
  sex: i % 3 === 0 ? null : 1 + (i % 2),
  // Frozen (2): a tenth of the users, the smaller set.
  status: i % 10 === 0 ? 2 : 1,
  createdUs: 1_700_000_000_000_000 + ((i * 104729) % 3000) * 1_000_000,
  rest: { avatar: null, mobile: null, email: null, telephone: null, birthday: null, post: null, workNo: null, orgCode: null, createdBy: null, departIds: null },
});

/** 3,000 users loaded and their choices warmed, as at a million users, scaled: a set of at most 400 users is listed, a larger one placed. */
async function warmedIndex(): Promise<TenantIndex> {
  Object.assign(QUERY_TUNING, { sortMatchesMax: 0, rememberFrom: 0, membersMax: 400, rankFrom: 50 });
  const index = new TenantIndex('0', null);
  for (let i = 0; i < 3000; i++) index.add(user(i));
  await index.sortAll();
  warmChoices(index, null);
  return index;
}

describe('warming the choice filters', () => {
  it("keeps every value's set, and each set listed in or placed in every sort's order", async () => {
    const index = await warmedIndex();
    const sets = [...index.matchSets.values()];
    // 性别 1 and 2 (NULL matches no value), 状态 1 and 2.
    expect(sets.map((s) => s.count).sort((a, b) => a - b)).toEqual([300, 1000, 1000, 2700]);
    for (const set of sets)
      for (const order of SORT_FIELDS as Set<Order>) {
        const listed = index.members.holds(set, order);
        const placed = index.ranks.holds(set, order);
        expect({ count: set.count, order, kept: set.count <= 400 ? listed : placed }).toEqual({ count: set.count, order, kept: true });
      }
  });
});

describe('warming the query paths', () => {
  it("pages the tenant's own filters in every sort, keeping their rows and none of their sets", async () => {
    const index = await warmedIndex();
    const remembered = [...index.matchSets.keys()];
    const rowsKept = () => index.ids.filter((_, s) => index.rowTexts.lengthOf(s) >= 0).length;
    expect(rowsKept()).toBe(0);
    warmPaths(index, null, new Map());
    expect([...index.matchSets.keys()]).toEqual(remembered);
    // The first 500 rows of every sort, both ways: pages 1–5 of every page size, built (kept in the ring).
    for (const order of SORT_FIELDS as Set<Order>) {
      const { a, n } = index.orders[order];
      const ends = [...a.subarray(0, 500), ...a.subarray(n - 500, n)];
      expect(ends.filter((s) => index.rowTexts.lengthOf(s) < 0)).toEqual([]);
    }
    expect(rowsKept()).toBeGreaterThan(1000);
  });

  it('does nothing for a tenant without users', () => {
    const index = new TenantIndex('0', null);
    warmPaths(index, null, new Map());
    expect(index.matchSets.size).toBe(0);
  });
});
