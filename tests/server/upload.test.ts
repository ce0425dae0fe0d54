// The upload calls (issue 16 §3, spec §7): /sys/common/upload and multipart /cap/cos/v1/FileUpload
// on PGlite and PostgreSQL; type and size refusals that store nothing; the answer shapes (success
// and success false); tenant scoping of reads; the uploader recorded; the local object store for
// real on disk and the S3 store's request signing.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER_TENANT, HEADER_TOKEN } from '../../contract/constants';
import { FILE_MSG, FILE_P, UPLOAD_MAX_BYTES, readUploadAnswer } from '../../contract/api/files';
import { localObjectStore } from '../../server/adapters/objectStore/local';
import { s3ObjectStore, signS3 } from '../../server/adapters/objectStore/s3';
import { BACKENDS, login, startApp, type TestApp } from './helpers';

const ROOT = mkdtempSync(path.join(tmpdir(), 'boss-files-'));
process.env.UPLOAD_DIR = ROOT;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipart(file: { filename: string; type: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = '----bossfiles' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under the store's root (what a refusal must not have added to). */
function storedFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

describe.each(BACKENDS)('uploads on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  const upload = (url: string, token: string, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}, tenant?: string) => {
    const mp = multipart(file, fields);
    const headers: Record<string, string> = { ...mp.headers, [HEADER_TOKEN]: token };
    if (tenant) headers[HEADER_TENANT] = tenant;
    return t.app.inject({ method: 'POST', url: API_BASE + url, headers, payload: mp.payload });
  };
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url: API_BASE + url, headers: token ? { [HEADER_TOKEN]: token } : {} });
  const rows = () => t.sql<{ n: number }>('SELECT count(*)::int AS n FROM uploaded_files').then((r) => Number(r[0].n));

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  it('FileUpload stores a file in the tenant bucket, records the uploader and answers result.filePath in the §7 envelope', async () => {
    const res = await upload(
      FILE_P.cosUpload,
      admin,
      { filename: '合同 v1.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4 test') },
      {
        bucketName: 'contracts',
        saveFlag: '0',
        'context.tenantId': '999',
        'context.userId': 'someone-else',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toMatchObject({ success: true, replyCode: '000000' });
    expect(body.success).toBe(true);
    expect(body.result.filePath).toMatch(/^files\/0\/contracts\/\d{8}\/[0-9a-f]{24}_合同_v1\.pdf$/);
    expect(body.body.filePath).toBe(body.result.filePath);
    expect(body.result).toMatchObject({ fileName: '合同 v1.pdf', size: 13, bucketName: 'contracts', contentType: 'application/pdf' });
    // The tenant and uploader come from the session, never from context.*.
    const [row] = await t.sql<Record<string, unknown>>('SELECT tenant_id, uploader_id, uploader_name, kept, is_image FROM uploaded_files WHERE path = $1', [
      body.result.filePath,
    ]);
    expect(row).toEqual({ tenant_id: '0', uploader_id: 'u-admin', uploader_name: expect.any(String), kept: false, is_image: false });
    expect(readFileSync(path.join(ROOT, body.result.filePath), 'utf8')).toBe('%PDF-1.4 test');
    expect(readUploadAnswer(body)).toMatchObject({ success: true, result: { filePath: body.result.filePath } });

    const dl = await get(body.result.url, admin);
    expect([dl.statusCode, dl.headers['content-type'], dl.body]).toEqual([200, 'application/pdf', '%PDF-1.4 test']);
    expect(dl.headers['content-disposition']).toContain('attachment');
    // Not public: without a token, and from another tenant, it is not there.
    expect((await get(body.result.url)).statusCode).toBe(401);
    expect((await get(body.result.url, customer)).statusCode).toBe(404);
    expect((await get(body.result.url.replace('/download/', '/static/'))).statusCode).toBe(404);
  });

  it('/sys/common/upload: temp bucket by default for files, avatars as images only, images public by name', async () => {
    const png = await upload(FILE_P.upload, customer, { filename: 'shot.png', type: 'image/png', data: PNG }, { biz: 'temp' });
    expect(png.statusCode, png.body).toBe(200);
    const info = png.json().result;
    expect(png.json()).toMatchObject({ success: true, message: FILE_MSG.uploaded });
    expect(info.filePath).toMatch(/^files\/1\/temp\//);
    const img = await get(info.url);
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const avatar = await upload(FILE_P.upload, admin, { filename: 'me.png', type: 'image/png', data: PNG }, { isup: '1' });
    expect(avatar.json().result.filePath).toMatch(/^avatar\/\d{8}\//);
    expect((await get(avatar.json().result.url)).statusCode).toBe(200);
  });

  it('refuses bad types, disguised images, oversized files, bad buckets and an empty form: 4xx, success false, nothing stored', async () => {
    const before = { rows: await rows(), files: storedFiles().length };
    const cases: [string, Parameters<typeof multipart>[0], Record<string, string>, number, string][] = [
      [FILE_P.cosUpload, { filename: 'run.exe', type: 'application/octet-stream', data: Buffer.from('MZ') }, {}, 400, FILE_MSG.badType('.exe')],
      [FILE_P.cosUpload, { filename: 'page.html', type: 'text/html', data: Buffer.from('<script>') }, {}, 400, FILE_MSG.badType('.html')],
      [FILE_P.cosUpload, { filename: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') }, {}, 400, FILE_MSG.badType('.svg')],
      [FILE_P.cosUpload, { filename: 'README', type: 'text/plain', data: Buffer.from('x') }, {}, 400, FILE_MSG.badType('')],
      [FILE_P.cosUpload, { filename: 'fake.png', type: 'image/png', data: Buffer.from('<html>') }, {}, 400, FILE_MSG.imageOnly],
      [FILE_P.cosUpload, { filename: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF') }, { imageOnly: '1' }, 400, FILE_MSG.imageOnly],
      [FILE_P.cosUpload, { filename: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF') }, { bucketName: '../etc' }, 400, FILE_MSG.badBucket],
      [FILE_P.cosUpload, { filename: 'big.zip', type: 'application/zip', data: Buffer.alloc(UPLOAD_MAX_BYTES + 1) }, {}, 413, FILE_MSG.tooLarge],
      [FILE_P.cosUpload, null, { bucketName: 'temp' }, 400, FILE_MSG.empty],
      [FILE_P.upload, { filename: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF') }, { isup: '1' }, 400, FILE_MSG.imageOnly],
      [
        FILE_P.upload,
        { filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]) },
        { biz: 'temp' },
        413,
        FILE_MSG.tooLarge,
      ],
    ];
    for (const [url, file, fields, status, message] of cases) {
      const res = await upload(url, admin, file, fields);
      expect(res.statusCode, `${file?.filename}: ${res.body}`).toBe(status);
      const answer = readUploadAnswer(res.json());
      expect(answer, file?.filename).toEqual({ success: false, message, result: null });
    }
    // A body that is no form at all is the client's mistake too.
    const junk = await t.app.inject({
      method: 'POST',
      url: API_BASE + FILE_P.cosUpload,
      headers: { [HEADER_TOKEN]: admin, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: 'not a form',
    });
    expect(junk.statusCode).toBeGreaterThanOrEqual(400);
    expect(junk.statusCode).toBeLessThan(500);
    expect(await rows()).toBe(before.rows);
    expect(storedFiles().length).toBe(before.files);
    // Without a session nothing is accepted.
    const anon = await t.app.inject({
      method: 'POST',
      url: API_BASE + FILE_P.cosUpload,
      ...multipart({ filename: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF') }),
    });
    expect(anon.statusCode).toBe(401);
  });

  it("lists only the reader's own uploads of the current tenant; no path escapes the store", async () => {
    const mine = (await get(FILE_P.mine, admin)).json().result;
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.records.every((r: { filePath: string }) => /^(files\/0\/|avatar\/)/.test(r.filePath))).toBe(true);
    const theirs = (await get(FILE_P.mine, customer)).json().result;
    expect(theirs.records.map((r: { fileName: string }) => r.fileName)).toEqual(['shot.png']);
    for (const p of ['../../etc/passwd', '%2e%2e/%2e%2e/etc/passwd', '0/temp/', '0/../../upload']) {
      for (const base of [FILE_P.staticFiles, FILE_P.downloadFiles]) {
        const r = await get(`${base}/${p}`, admin);
        expect(r.statusCode, `${base}/${p}`).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, `${base}/${p}`).toBeLessThan(500);
      }
    }
  });
});

describe('object stores', () => {
  it('the local store keeps bytes on disk and refuses keys outside its root', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'boss-os-'));
    const store = localObjectStore(root);
    await store.put('a/b/c.txt', Buffer.from('hello'), 'text/plain');
    expect(readFileSync(path.join(root, 'a/b/c.txt'), 'utf8')).toBe('hello');
    expect((await store.get('a/b/c.txt'))?.toString()).toBe('hello');
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', 'a/./b', '']) {
      await expect(store.put(bad, Buffer.from('x'), 'text/plain'), bad).rejects.toThrow(/unsafe key/);
      expect(await store.get(bad), bad).toBeNull();
    }
    await store.remove('a/b/c.txt');
    expect(await store.get('a/b/c.txt')).toBeNull();
  });

  it("signs S3 requests as AWS's documented example does (GET object with a range)", () => {
    const s = {
      endpoint: 'https://examplebucket.s3.amazonaws.com',
      bucket: 'examplebucket',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    const h = signS3(
      s,
      'GET',
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      { range: 'bytes=0-9' },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('the S3 store puts, gets and removes through signed path-style requests', async () => {
    const objects = new Map<string, Buffer>();
    const seen: string[] = [];
    const fakeS3 = (async (url: URL, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=key\/\d{8}\/cn-south\/s3\/aws4_request/);
      seen.push(`${init.method} ${url.pathname}`);
      if (init.method === 'PUT') objects.set(url.pathname, Buffer.from(init.body as Uint8Array));
      if (init.method === 'DELETE') objects.delete(url.pathname);
      const got = objects.get(url.pathname);
      if (init.method === 'GET') return got ? new Response(new Uint8Array(got)) : new Response('', { status: 404 });
      return new Response('', { status: 200 });
    }) as unknown as typeof fetch;
    const store = s3ObjectStore({ endpoint: 'http://minio:9000', bucket: 'boss', region: 'cn-south', accessKeyId: 'key', secretAccessKey: 'secret' }, fakeS3);
    await store.put('files/0/temp/合同.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect((await store.get('files/0/temp/合同.pdf'))?.toString()).toBe('%PDF');
    await store.remove('files/0/temp/合同.pdf');
    expect(await store.get('files/0/temp/合同.pdf')).toBeNull();
    expect(await store.get('../secret')).toBeNull();
    expect(seen[0]).toBe(`PUT /boss/files/0/temp/${encodeURIComponent('合同.pdf')}`);
  });
});
