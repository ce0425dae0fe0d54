// The VAPID identity of this server (RFC 8292): a P-256 key derived from the BOSS_VAPID_KEY material
// (server/lib/serverKeys.ts), so every process on one database signs as the same application server
// and subscriptions survive restarts. The public key is what browsers subscribe with.
import { createECDH, createHash } from 'node:crypto';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (65 bytes): PushManager.subscribe's applicationServerKey. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
}

export function vapidKeysOf(material: Buffer): VapidKeys {
  const privateKey = createHash('sha256').update('boss/vapid/v1\0').update(material).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}
