// Passkeys (issue 20 §1), the part without zod (the approve pages and their rules import it): paths,
// limits, messages and answer shapes. Request bodies: passkey.ts.
export const PASSKEY_PATHS = {
  registerOptions: '/cap/auth/v1/PasskeyRegisterOptions',
  register: '/cap/auth/v1/PasskeyRegister',
  list: '/cap/auth/v1/PasskeyList',
  remove: '/cap/auth/v1/PasskeyRemove',
  /** Administrator: a user's passkeys, and revoking one. */
  adminList: '/cap/auth/v1/PasskeyAdminList',
  revoke: '/cap/auth/v1/PasskeyRevoke',
  /** The approval challenge of these orders at these versions, with the summary it commits to. */
  approveChallenge: '/cap/pay/v1/PayOrderPasskeyChallenge',
} as const;

/** How long a challenge may be answered; each is good for one answer. */
export const PASSKEY_CHALLENGE_MS = 2 * 60_000;
export const PASSKEY_MAX_PER_USER = 10;

export const PASSKEY_MSG = {
  registered: '通行密钥已添加',
  removed: '通行密钥已删除',
  revoked: '通行密钥已撤销',
  notFound: '通行密钥不存在',
  tooMany: `每个用户最多${PASSKEY_MAX_PER_USER}个通行密钥`,
  challengeGone: '验证已失效，请重新审批',
  /** The request names other orders or versions than the challenge committed to. */
  mismatch: '审批内容与验证内容不一致，请重新审批',
  /** Unknown, removed or revoked credential, or one of another user. */
  unusable: '通行密钥已失效或已被撤销，请使用支付密码',
  failed: '通行密钥验证失败',
  oneFactor: '请使用支付密码或通行密钥其中一种方式审批',
} as const;

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** One order as the approval challenge commits to it, and as the client shows it before the fingerprint. */
export interface BoundOrder {
  orderId: string;
  orderNo: string;
  version: number;
  /** Yuan text, e.g. '1,234.50'. */
  amount: string;
  payee: string;
}

export interface ApproveChallenge {
  challengeId: string;
  /** PublicKeyCredentialRequestOptionsJSON for startAuthentication(). */
  options: Record<string, unknown>;
  orders: BoundOrder[];
  /** Yuan text of the sum. */
  total: string;
  approver: string;
  expiresAt: string;
}
