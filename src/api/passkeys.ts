// Passkey calls (contract/api/passkey.ts) and the browser's WebAuthn ceremonies (@simplewebauthn/browser):
// registering one from 我的 (after the payment password), listing and removing one's own, and signing
// the approval challenge of exactly the orders shown. Where WebAuthn is missing (some enterprise-chat
// webviews) nothing here is offered and the payment password is used as before.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { PASSKEY_PATHS, type ApproveChallenge, type PasskeyView } from '@contract/api/passkeyWire';
import { chatWebviewOf } from '@/lib/userAgent';
import { capOrThrow, capPost } from './request';

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** Whether this user is known to have no usable passkey (learnt from a refused challenge; reset by registering). */
let knownNone = false;
export const passkeyKnownMissing = (): boolean => knownNone;
export const rememberNoPasskey = (): void => void (knownNone = true);

export async function listPasskeys(): Promise<PasskeyView[]> {
  return (capOrThrow(await capPost<{ listData: PasskeyView[] }>(PASSKEY_PATHS.list, {}, undefined, { silent: true }), true) as { listData: PasskeyView[] })
    .listData;
}

export async function removePasskey(id: string): Promise<void> {
  capOrThrow(await capPost(PASSKEY_PATHS.remove, { id }, undefined, { silent: true }), true);
}

/** What the phone calls itself in the list ('iPhone', 'Android 手机', '企业微信'…). */
export function deviceName(ua: string = navigator.userAgent): string {
  const chat = chatWebviewOf(ua);
  if (chat) return chat === 'wxwork' ? '企业微信' : '钉钉';
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android 手机';
  if (/Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows 电脑';
  return '本机';
}

/** Registers a passkey of this device: the payment password (wire-encoded) first, then the fingerprint. */
export async function registerPasskey(payPwd: string): Promise<PasskeyView> {
  const begun = capOrThrow(
    await capPost<{ challengeId: string; options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
      PASSKEY_PATHS.registerOptions,
      { payPwd },
      undefined,
      { silent: true },
    ),
    true,
  ) as { challengeId: string; options: Parameters<typeof startRegistration>[0]['optionsJSON'] };
  const response = await startRegistration({ optionsJSON: begun.options });
  const done = capOrThrow(
    await capPost<{ passkey: PasskeyView }>(PASSKEY_PATHS.register, { challengeId: begun.challengeId, response, name: deviceName() }, undefined, {
      silent: true,
    }),
    true,
  ) as { passkey: PasskeyView };
  knownNone = false;
  return done.passkey;
}

/** The server's challenge for approving exactly these orders at these versions, with what it commits to. */
export async function approveChallenge(orders: { orderId: string; version: number }[]): Promise<ApproveChallenge> {
  return capOrThrow(
    await capPost<ApproveChallenge>(
      PASSKEY_PATHS.approveChallenge,
      { orderIds: orders.map((o) => o.orderId), versions: orders.map((o) => o.version) },
      undefined,
      { silent: true },
    ),
    true,
  ) as ApproveChallenge;
}

/** The fingerprint (or face, or PIN) over the challenge: the passkey half of PayOrderAuditPass. */
export async function signChallenge(ch: ApproveChallenge) {
  const response = await startAuthentication({ optionsJSON: ch.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return { challengeId: ch.challengeId, response };
}
