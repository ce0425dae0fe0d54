// 文件管理 (issue 19 §4) on PGlite and PostgreSQL: the list is the caller's tenant's uploads with the
// business object each belongs to; delete is refused while a record points at the file (an avatar,
// an announcement's image, a customer material) and removes object and record of an orphan; the
// orphan job removes only unreferenced uploads older than a day; bad input is a 4xx; another
// tenant's file is absent (404).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER_TOKEN } from '../../contract/constants';
import { FILE_P, OSS_FILE_MSG, OSS_FILE_P, type OssFileRecord } from '../../contract/api/files';
import { localObjectStore } from '../../server/adapters/objectStore/local';
import { fileAdmin } from '../../server/modules/files/admin';
import { JOB_HANDLER_REGISTRY } from '../../server/scheduler/handlers';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const ROOT = mkdtempSync(path.join(tmpdir(), 'boss-file-admin-'));
process.env.UPLOAD_DIR = ROOT;
const store = localObjectStore(ROOT);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipart(file: { filename: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = '----bossfa' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)('file admin on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  const upload = async (token: string, filename: string, data: Buffer, type: string, biz = 'temp') => {
    const mp = multipart({ filename, type, data }, { biz });
    const res = await t.app.inject({ method: 'POST', url: API_BASE + FILE_P.upload, headers: { ...mp.headers, [HEADER_TOKEN]: token }, payload: mp.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { id: string; filePath: string };
  };
  const list = async (query: Record<string, string> = {}, token = admin) => {
    const res = await call(t.app, 'GET', OSS_FILE_P.list, undefined, { token, query: { pageSize: '100', ...query } });
    return res;
  };
  const recordOf = async (id: string) => ((await list()).json().result.records as OssFileRecord[]).find((r) => r.id === id);
  const del = (id: string, token = admin) => call(t.app, 'DELETE', OSS_FILE_P.delete, undefined, { token, query: { id } });
  const exists = (p: string) => existsSync(path.join(ROOT, p));

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  it('lists the tenant’s uploads with type, size, uploader and business object; filters by name, type, uploader and time', async () => {
    const pdf = await upload(admin, '年度报告.pdf', Buffer.from('%PDF-1.4 report'), 'application/pdf');
    const img = await upload(admin, 'logo.png', PNG, 'image/png');
    const theirs = await upload(customer, 'their.png', PNG, 'image/png');
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().result.records as OssFileRecord[];
    expect(records.map((r) => r.id)).toEqual(expect.arrayContaining([pdf.id, img.id]));
    expect(records.map((r) => r.id)).not.toContain(theirs.id);
    expect(records.find((r) => r.id === pdf.id)).toMatchObject({
      fileName: '年度报告.pdf',
      fileType: 'PDF',
      size: 15,
      owner: null,
      contentType: 'application/pdf',
    });
    expect(records.find((r) => r.id === img.id)).toMatchObject({ fileType: '图片', isImage: true });
    expect((await list({ fileName: '*年度*' })).json().result.records.map((r: OssFileRecord) => r.id)).toEqual([pdf.id]);
    const images = (await list({ contentType: 'image/png,image/jpeg' })).json().result.records as OssFileRecord[];
    expect(images.every((r) => r.isImage) && images.some((r) => r.id === img.id)).toBe(true);
    const [first] = records;
    expect((await list({ uploaderName: `*${first.uploaderName}*` })).json().result.total).toBeGreaterThanOrEqual(2);
    expect((await list({ createTime_begin: '2000-01-01 00:00:00', createTime_end: '2000-01-02 00:00:00' })).json().result.total).toBe(0);
    // The customer's user has no 文件管理 permission.
    expect((await list({}, customer)).statusCode).toBe(403);
  });

  it('refuses to delete a file an avatar or an announcement points at, with the record named; deletes an orphan’s object and record', async () => {
    const avatar = await upload(admin, 'me.png', PNG, 'image/png', 'avatar');
    await t.sql(`UPDATE users SET avatar = $1 WHERE username = 'admin'`, [avatar.filePath]);
    expect((await recordOf(avatar.id))?.owner).toMatch(/^用户头像：/);
    const refused = await del(avatar.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OSS_FILE_MSG.inUse((await recordOf(avatar.id))!.owner!));
    expect(exists(avatar.filePath)).toBe(true);

    const pic = await upload(admin, 'notice.png', PNG, 'image/png', 'editor');
    await t.sql(`INSERT INTO announcements (id, tenant_id, titile, msg_content, sender) VALUES ('ann-file', '0', '图片公告', $1, 'admin')`, [
      `<p><img src="/api/sys/common/static/${pic.filePath}"></p>`,
    ]);
    expect((await recordOf(pic.id))?.owner).toBe('通知公告：图片公告');
    expect((await del(pic.id)).statusCode).toBe(409);

    const orphan = await upload(admin, 'orphan.txt', Buffer.from('nobody'), 'text/plain');
    expect(exists(orphan.filePath)).toBe(true);
    const ok = await del(orphan.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(OSS_FILE_MSG.deleted);
    expect(exists(orphan.filePath)).toBe(false);
    expect(await t.sql('SELECT id FROM uploaded_files WHERE id = $1', [orphan.id])).toEqual([]);
    expect((await del(orphan.id)).statusCode).toBe(404);

    // Released from the avatar, the file may go.
    await t.sql(`UPDATE users SET avatar = NULL WHERE username = 'admin'`);
    expect((await del(avatar.id)).statusCode).toBe(200);
    expect(exists(avatar.filePath)).toBe(false);
  });

  it('refuses to delete a customer material’s file', async () => {
    const [cus] = await t.sql<{ tenant_id: string; cus_code: string; cus_name: string }>(
      'SELECT tenant_id, cus_code, cus_name FROM customers ORDER BY cus_code LIMIT 1',
    );
    expect(cus).toBeTruthy();
    const key = `files/${cus.tenant_id}/material/20260101/abc_license.png`;
    await store.put(key, PNG, 'image/png');
    await t.sql(
      `INSERT INTO uploaded_files (id, tenant_id, bucket, path, file_name, content_type, size, is_image, uploader_id, uploader_name)
       VALUES ('f-material', $1, 'material', $2, 'license.png', 'image/png', ${PNG.length}, true, 'u-admin', '管理员')`,
      [cus.tenant_id, key],
    );
    await t.sql(
      `INSERT INTO cus_materials (id, tenant_id, cus_code, material_type, file_id, sort_no, created_by) VALUES ('m-file', $1, $2, 'license', 'f-material', 1, 'u-admin')`,
      [cus.tenant_id, cus.cus_code],
    );
    const files = fileAdmin(t.database.db, store);
    const page = await files.list(cus.tenant_id, { fileName: 'license.png' });
    expect(page.records[0].owner).toBe(`客户资料：${cus.cus_name}（营业执照）`);
    await expect(files.remove(cus.tenant_id, 'f-material')).rejects.toMatchObject({ statusCode: 409 });
    expect(exists(key)).toBe(true);
  });

  it('another tenant’s file is absent: not listed, not downloaded, not deleted', async () => {
    const theirs = await upload(customer, 'secret.pdf', Buffer.from('%PDF-1.4 secret'), 'application/pdf');
    expect(await recordOf(theirs.id)).toBeUndefined();
    expect((await call(t.app, 'GET', OSS_FILE_P.download, undefined, { token: admin, query: { id: theirs.id } })).statusCode).toBe(404);
    expect((await del(theirs.id)).statusCode).toBe(404);
    expect(exists(theirs.filePath)).toBe(true);
    const mine = await upload(admin, 'mine.pdf', Buffer.from('%PDF-1.4 mine'), 'application/pdf');
    const dl = await call(t.app, 'GET', OSS_FILE_P.download, undefined, { token: admin, query: { id: mine.id } });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('%PDF-1.4 mine');
    expect(dl.headers['content-disposition']).toContain(encodeURIComponent('mine.pdf'));
  });

  it('answers bad input with a 4xx and a Chinese message, never a 500', async () => {
    const bad: Record<string, string>[] = [
      { pageNo: '0' },
      { pageSize: '100000' },
      { column: 'path' },
      { order: 'sideways', column: 'size' },
      { size: 'abc' },
      { createTime_begin: '2024-13-45' },
    ];
    for (const query of bad) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const id of ['', 'x'.repeat(500), "'; DROP TABLE uploaded_files; --"]) {
      const d = await del(id);
      expect(d.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(d.statusCode, id).toBeLessThan(500);
      const g = await call(t.app, 'GET', OSS_FILE_P.download, undefined, { token: admin, query: { id } });
      expect(g.statusCode).toBeGreaterThanOrEqual(400);
      expect(g.statusCode).toBeLessThan(500);
    }
    expect((await call(t.app, 'DELETE', OSS_FILE_P.delete, undefined, { token: admin })).statusCode).toBe(400);
  });

  it('the orphan job removes only unreferenced uploads older than a day, object and record', async () => {
    const old = await upload(admin, 'old.txt', Buffer.from('old'), 'text/plain');
    const fresh = await upload(admin, 'fresh.txt', Buffer.from('fresh'), 'text/plain');
    const oldAvatar = await upload(admin, 'old-avatar.png', PNG, 'image/png', 'avatar');
    await t.sql(`UPDATE users SET avatar = $1 WHERE username = 'admin'`, [oldAvatar.filePath]);
    await t.sql(`UPDATE uploaded_files SET created_at = now() - interval '25 hours' WHERE id IN ($1, $2)`, [old.id, oldAvatar.id]);
    const [seeded] = await t.sql<{ handler: string; status: string }>(`SELECT handler, status FROM jobs WHERE id = 'job-file-orphans'`);
    expect(seeded).toEqual({ handler: 'fileOrphanCleanup', status: '0' });
    const log = { warn: () => {}, info: () => {}, error: () => {} } as never;
    const summary = await JOB_HANDLER_REGISTRY.fileOrphanCleanup(
      { db: t.database.db, dicts: null as never, log, signal: new AbortController().signal, now: new Date(), objects: store },
      { hours: 24 },
    );
    expect(summary).toMatch(/^删除孤儿文件 \d+ 个$/);
    const left = (await t.sql<{ id: string }>('SELECT id FROM uploaded_files')).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(exists(old.filePath)).toBe(false);
    expect(left).toEqual(expect.arrayContaining([fresh.id, oldAvatar.id, 'f-material']));
    expect(exists(fresh.filePath) && exists(oldAvatar.filePath)).toBe(true);
    await t.sql(`UPDATE users SET avatar = NULL WHERE username = 'admin'`);
  });
});
