// A local push service for tests: an HTTP endpoint that receives Web Push requests, checks their
// VAPID authorization (RFC 8292: ES256 JWT for this endpoint's origin, signed by the key in k=) and
// decrypts their aes128gcm payloads (RFC 8188 + RFC 8291) with the subscription's own keys, using
// only node:crypto (ECDH, HKDF, AES-128-GCM). Paths answer 201, or the status set for them (410: gone).
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
export interface Received {
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
  jwt: { aud: string; exp: number; sub: string };
  vapidKey: string;
  payload: Record<string, unknown>;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

/** RFC 8291 §3.4 / RFC 8188 §2: the plaintext of one aes128gcm body for the device's keys. */
export function decryptAes128gcm(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLen = body[20];
  const asPublic = body.subarray(21, 21 + idLen);
  const record = body.subarray(21 + idLen);
  if (record.length > rs) throw new Error('more than one record');
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter (not the last record)');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` and answers the JWT's claims. */
export function checkVapid(header: string | undefined, origin: string): { claims: Received['jwt']; key: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`bad Authorization header: ${header}`);
  const [h, c, s] = m[1].split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (head.alg !== 'ES256') throw new Error('alg');
  const point = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as Received['jwt'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) throw new Error('exp');
  return { claims, key: m[2] };
}

export class LocalPushService {
  readonly received: Received[] = [];
  readonly errors: string[] = [];
  private devices = new Map<string, Device>();
  private statusOf = new Map<string, number>();
  private server = http.createServer((req, res) => this.handle(req, res));
  origin = '';

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** A new browser: its endpoint and keys, as PushManager.subscribe() would make them. */
  device(name: string): Subscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${name}-${randomBytes(4).toString('hex')}`;
    this.devices.set(path, { ecdh, auth });
    return { endpoint: this.origin + path, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }
  /** The endpoint's answer from now on (e.g. 410: the subscription is gone). */
  answer(sub: Subscription, status: number): void {
    this.statusOf.set(new URL(sub.endpoint).pathname, status);
  }
  to(sub: Subscription): Received[] {
    const path = new URL(sub.endpoint).pathname;
    return this.received.filter((r) => r.path === path);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const status = this.statusOf.get(path) ?? 201;
      try {
        const device = this.devices.get(path);
        if (!device) throw new Error(`unknown endpoint ${path}`);
        if (req.method !== 'POST') throw new Error('method');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding');
        if (!req.headers.ttl) throw new Error('TTL header missing');
        const { claims, key } = checkVapid(req.headers.authorization, this.origin);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device).toString('utf8')) as Record<string, unknown>;
        if (status < 300) this.received.push({ path, at: Date.now(), headers: req.headers, jwt: claims, vapidKey: key, payload });
      } catch (err) {
        this.errors.push((err as Error).message);
        res.writeHead(400).end();
        return;
      }
      res.writeHead(status).end();
    });
  }
}
