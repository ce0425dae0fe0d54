// An S3-compatible object store (AWS S3, MinIO, Tencent COS, Aliyun OSS in S3 mode) over plain
// fetch with AWS Signature V4, path-style addressing: no SDK to carry for three calls.
import { createHash, createHmac } from 'node:crypto';
import { isSafeKey } from './keys';
import type { ObjectStore } from './objectStore';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings {
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`OBJECT_STORE=s3 needs ${name}`);
    return v;
  };
  return {
    endpoint: need('S3_ENDPOINT').replace(/\/+$/, ''),
    bucket: need('S3_BUCKET'),
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
  };
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The headers of a SigV4-signed request (exported for its test against AWS's documented example). */
export function signS3(s: S3Settings, method: string, url: URL, payloadHash: string, extra: Record<string, string>, now = new Date()) {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate, ...extra };
  const names = Object.keys(headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const canonical = [method, url.pathname, url.searchParams.toString(), names.map((n) => `${n}:${lower[n]}\n`).join(''), names.join(';'), payloadHash].join(
    '\n',
  );
  const scope = `${day}/${s.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${s.secretAccessKey}`, day), s.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...rest } = headers;
  return { ...rest, authorization: `AWS4-HMAC-SHA256 Credential=${s.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}

export function s3ObjectStore(s: S3Settings, fetchFn: typeof fetch = fetch): ObjectStore {
  const urlOf = (key: string) => new URL(`${s.endpoint}/${encodeURIComponent(s.bucket)}/${encodeKey(key)}`);
  const send = async (method: string, key: string, body?: Buffer, contentType?: string) => {
    const url = urlOf(key);
    const headers = signS3(s, method, url, sha256(body ?? ''), contentType ? { 'content-type': contentType } : {});
    return fetchFn(url, { method, headers, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(60_000) });
  };
  return {
    kind: 's3',
    async put(key, data, contentType) {
      if (!isSafeKey(key)) throw new Error(`objectStore: unsafe key ${JSON.stringify(key)}`);
      const res = await send('PUT', key, data, contentType);
      if (!res.ok) throw new Error(`objectStore: S3 PUT ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`objectStore: S3 GET ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      if (!isSafeKey(key)) return;
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`objectStore: S3 DELETE ${res.status}`);
    },
  };
}
