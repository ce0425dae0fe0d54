// A software WebAuthn platform authenticator for server tests: P-256 keys, 'none' attestation, user
// presence and verification set, a growing signature counter. It answers the options the server
// makes the way a browser and a phone's authenticator would, for one origin.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** The few CBOR shapes WebAuthn needs: integers, byte and text strings, maps. */
function cbor(v: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') return Buffer.concat([head(3, Buffer.byteLength(v)), Buffer.from(v)]);
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

interface Key {
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export class SoftAuthenticator {
  readonly keys = new Map<string, Key>();
  constructor(readonly origin: string) {}

  private get rpID() {
    return new URL(this.origin).hostname;
  }

  /** startRegistration(): a new credential for options.rp.id. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const rpID = options.rp.id ?? this.rpID;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credId = randomBytes(16);
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLen = Buffer.from([credId.length >> 8, credId.length & 255]);
    const authData = Buffer.concat([sha256(rpID), Buffer.from([0x45]), u32(0), Buffer.alloc(16), idLen, credId, cose]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    this.keys.set(b64u(credId), { privateKey, counter: 0, userHandle: options.user.id });
    return {
      id: b64u(credId),
      rawId: b64u(credId),
      type: 'public-key' as const,
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** startAuthentication(): an assertion by the first allowed credential this authenticator holds. */
  assert(options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] }, pick?: string) {
    const id = pick ?? options.allowCredentials?.map((c) => c.id).find((c) => this.keys.has(c)) ?? [...this.keys.keys()][0];
    const key = this.keys.get(id);
    if (!key) throw new Error('no credential');
    key.counter += 1;
    const authData = Buffer.concat([sha256(options.rpId ?? this.rpID), Buffer.from([0x05]), u32(key.counter)]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: key.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
