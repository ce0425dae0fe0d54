// Menus of later modules reach new and existing databases once, granted to admin and the named roles,
// and an administrator's edits to existing rows survive the next start-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCatalogue, type CatalogueEntry } from '../../server/db/catalogue';
import { BACKENDS, startApp, type TestApp } from './helpers';

const entries: CatalogueEntry[] = [
  { id: 'm-test-area', name: '测试区', path: '/testArea', component: 'layouts/RouteView', sortNo: 90, type: '0', grant: ['operator'] },
  { id: 'b-test-do', parentId: 'm-test-area', name: '测试按钮', perms: 'test:area:do', sortNo: 1, type: '2' },
];

describe.each(BACKENDS)('catalogue sync (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  it('inserts missing rows once and grants admin plus the named roles', async () => {
    expect(await syncCatalogue(t.database.db, entries)).toBe(2);
    expect(await syncCatalogue(t.database.db, entries)).toBe(0);
    const grants = await t.sql<{ role_id: string; permission_id: string }>(
      `select role_id, permission_id from role_permissions where permission_id in ('m-test-area','b-test-do') order by 1, 2`,
    );
    expect(grants).toEqual([
      { role_id: 'r-admin', permission_id: 'b-test-do' },
      { role_id: 'r-admin', permission_id: 'm-test-area' },
      { role_id: 'r-operator', permission_id: 'm-test-area' },
    ]);
  });

  it('leaves rows an administrator changed as they are', async () => {
    await t.sql(`update permissions set name = '改过的名字' where id = 'm-test-area'`);
    await t.sql(`delete from role_permissions where role_id = 'r-operator' and permission_id = 'm-test-area'`);
    expect(await syncCatalogue(t.database.db, entries)).toBe(0);
    expect((await t.sql<{ name: string }>(`select name from permissions where id = 'm-test-area'`))[0].name).toBe('改过的名字');
    expect(await t.sql(`select 1 from role_permissions where role_id = 'r-operator' and permission_id = 'm-test-area'`)).toEqual([]);
  });
});
