// Issue 13 §4: an uploaded workbook is bounded before it is parsed. A zip whose entries expand past
// the limit, one with too many entries, and one whose directory understates an entry's size are
// refused with a 400 in Chinese, without decompressing past the limit; a real workbook still reads.
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PATHS } from '../../contract/api/pay';
import { ADMIN_P } from '../../contract/api/admin';
import { XLSX_LIMITS, XLSX_TOO_LARGE, readXlsx, toXlsx } from '../../server/modules/admin/xlsx';
import { checkZip } from '../../server/lib/zipGuard';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

interface Entry {
  name: string;
  data: Buffer;
  /** What the directory claims the entry expands to (default: the truth). */
  declaredSize?: number;
  realSize: number;
}

/** A zip archive written by hand (deflate entries), so sizes can be declared as an attacker likes. */
function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.realSize;
    const loc = Buffer.alloc(30);
    loc.writeUInt32LE(0x04034b50, 0);
    loc.writeUInt16LE(20, 4);
    loc.writeUInt16LE(8, 8);
    loc.writeUInt32LE(e.data.length, 18);
    loc.writeUInt32LE(size, 22);
    loc.writeUInt16LE(name.length, 26);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(0x02014b50, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(8, 10);
    cen.writeUInt32LE(e.data.length, 20);
    cen.writeUInt32LE(size, 24);
    cen.writeUInt16LE(name.length, 28);
    cen.writeUInt32LE(offset, 42);
    locals.push(loc, name, e.data);
    central.push(cen, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const zeros = (n: number) => ({ data: deflateRawSync(Buffer.alloc(n)), realSize: n });
const BIG = XLSX_LIMITS.maxUncompressedBytes + 1024 * 1024;
const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', ...zeros(BIG) }]);
const liar = zipOf([{ name: 'xl/worksheets/sheet1.xml', ...zeros(BIG), declaredSize: 1000 }]);
const crowd = zipOf(Array.from({ length: XLSX_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `x/${i}.xml`, ...zeros(10) })));

describe('checkZip', () => {
  it('bounds entries and uncompressed bytes from the central directory, and holds each entry to its declared size', async () => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(checkZip(bomb, XLSX_LIMITS)).toEqual({ ok: false, reason: 'too_large' });
    expect(checkZip(liar, XLSX_LIMITS)).toEqual({ ok: false, reason: 'too_large' });
    expect(checkZip(crowd, XLSX_LIMITS)).toEqual({ ok: false, reason: 'too_many' });
    expect(checkZip(Buffer.from('not a zip at all, just text'), XLSX_LIMITS)).toEqual({ ok: false, reason: 'not_zip' });
    const real = await toXlsx('Sheet1', [{ key: 'a', header: '金额' }], [{ a: '1.00' }]);
    expect(checkZip(real, XLSX_LIMITS)).toMatchObject({ ok: true });
    expect(await readXlsx(real, [{ key: 'a', header: '金额' }])).toEqual([{ rowNo: 2, values: { a: '1.00' } }]);
    await expect(readXlsx(bomb, [{ key: 'a', header: '金额' }])).rejects.toMatchObject({ statusCode: 400, message: XLSX_TOO_LARGE });
  });
});

describe.each(BACKENDS)('workbook uploads (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    operator = (await login(t.app, 'operator')).token;
  }, 120_000);
  afterAll(async () => t?.close());

  const upload = (url: string, token: string, file: Buffer) => {
    const boundary = 'b0mbBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return call(t.app, 'POST', url, payload, { token, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  };

  it('the payment batch import and the user import refuse a zip bomb with a 400 in Chinese', async () => {
    expect(XLSX_TOO_LARGE).toBe('工作簿解压后超过50MB或包含超过1000个文件，已拒绝解析');
    for (const [url, token] of [
      [PAY_PATHS.batchImport, operator],
      [ADMIN_P.userImport, admin],
    ] as const) {
      for (const file of [bomb, liar, crowd]) {
        const res = await upload(url, token, file);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.body).toContain(XLSX_TOO_LARGE);
      }
    }
  });
});
