// Passkeys (issue 20 §1): an approver's WebAuthn credentials, registered from 我的 after entering the
// payment password once, and approval challenges bound to the exact orders being approved.
// The approval itself stays PayOrderAuditPass (contract/api/pay.ts): it takes either `payPwd` or
// `passkey` ({ challengeId, response }), never both.
import { z } from 'zod';
import { PASSKEY_MSG } from './passkeyWire';

export * from './passkeyWire';

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MSG.failed);

/** What every credential answer of @simplewebauthn/browser carries besides its `response`. */
const credentialFields = {
  id: b64url(1024).min(1, PASSKEY_MSG.failed),
  rawId: b64url(1024),
  type: z.literal('public-key', { error: PASSKEY_MSG.failed }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What startAuthentication() answers. */
export const assertionJson = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: b64url(512).optional(),
  }),
});

/** What startRegistration() answers. */
export const attestationJson = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    transports: z.array(z.string().max(20)).max(10).optional(),
    authenticatorData: b64url(16384).optional(),
    publicKey: b64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

const challengeId = z.string({ error: PASSKEY_MSG.challengeGone }).min(1, PASSKEY_MSG.challengeGone).max(64, PASSKEY_MSG.challengeGone);
const passkeyId = z.string({ error: PASSKEY_MSG.notFound }).min(1, PASSKEY_MSG.notFound).max(1024, PASSKEY_MSG.notFound);

/** The passkey half of an approval (PayOrderAuditPass). */
export const passkeyApproval = z.object({ challengeId, response: assertionJson });

export const registerOptionsBody = z.object({ payPwd: z.string({ error: '请输入支付密码' }).min(1, '请输入支付密码').max(512, '请输入支付密码') });
export const registerBody = z.object({
  challengeId,
  response: attestationJson,
  name: z.string().trim().max(40, '名称最多40个字符').default(''),
});
export const removeBody = z.object({ id: passkeyId });
/** 我的通行密钥: nothing to ask but the envelope (the caller is the signed-in user). */
export const listBody = z.object({});
export const adminListQuery = z.object({ userId: z.string().min(1, '请选择用户').max(64, '请选择用户') });
export const approveChallengeBody = z
  .object({
    orderIds: z.array(z.string().min(1).max(64), { error: '请选择订单' }).min(1, '请选择订单').max(200, '一次最多处理200个订单'),
    versions: z.array(z.number().int().min(1), { error: '缺少订单版本' }),
  })
  .refine((b) => b.versions.length === b.orderIds.length, { message: '缺少订单版本', path: ['versions'] });
