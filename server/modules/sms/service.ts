// SMS verification codes: 6 digits, stored hashed, live SMS_CODE_LIFETIME_MS, one use, at most
// SMS_MAX_TRIES wrong tries, and no resend within SMS_RESEND_SECONDS of the previous one.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { SMS_CODE_LIFETIME_MS, SMS_RESEND_SECONDS, SYSTEM_NAME } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { SMS_TYPE } from '../../../contract/api/paths';
import { ALTERATION_SMS_TYPE } from '../../../contract/api/alteration';
import { WIRE_MSG } from '../../../contract/api/wire';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { newId, numericCode, sha256 } from '../../lib/tokens';
import { userByMobile } from '../user/service';

export const SMS_MAX_TRIES = 5;
const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

const PURPOSE: Record<string, string> = {
  [SMS_TYPE.login]: '登录',
  [SMS_TYPE.register]: '注册',
  [SMS_TYPE.resetPassword]: '重置密码',
  [SMS_TYPE.opPassword]: '设置操作密码',
  [SMS_TYPE.decrypt]: '数据解密',
  [ALTERATION_SMS_TYPE.old]: '更换手机（原号码验证）',
  [ALTERATION_SMS_TYPE.new]: '更换手机（新号码验证）',
};

/** Types whose number must not belong to an account yet (a new account, a new bound mobile). */
const FOR_UNUSED_MOBILE: string[] = [SMS_TYPE.register, ALTERATION_SMS_TYPE.new];

export async function sendSmsCode(deps: AppDeps, mobile: string, type: string): Promise<void> {
  const owner = await userByMobile(deps.db, mobile);
  if (FOR_UNUSED_MOBILE.includes(type)) {
    if (owner) throw new AppError(400, WIRE_MSG.mobileTaken);
  } else if (!owner) {
    throw new AppError(400, WIRE_MSG.mobileNotRegistered);
  }
  await issueSmsCode(deps, mobile, type, PURPOSE[type] ?? '');
}

/**
 * Sends a fresh code of `type` to `mobile` (no owner check: the caller decides whose number it is),
 * refusing within SMS_RESEND_SECONDS of the previous one; `purpose` names it in the message.
 */
export async function issueSmsCode(deps: AppDeps, mobile: string, type: string, purpose: string): Promise<void> {
  const [last] = await deps.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.smsType, type)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (last) {
    const waitMs = last.createdAt.getTime() + SMS_RESEND_SECONDS * 1000 - Date.now();
    if (waitMs > 0) throw new AppError(429, MSG.smsTooSoon(Math.ceil(waitMs / 1000)));
  }
  const code = numericCode(6);
  const id = newId();
  await deps.db.transaction(async (tx) => {
    // A new code supersedes any earlier one of the same purpose.
    await tx
      .update(smsCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.smsType, type), isNull(smsCodes.usedAt)));
    await tx.insert(smsCodes).values({ id, mobile, smsType: type, codeHash: codeHash(id, code), expiresAt: new Date(Date.now() + SMS_CODE_LIFETIME_MS) });
  });
  const minutes = Math.round(SMS_CODE_LIFETIME_MS / 60000);
  await deps.sms.send({
    mobile,
    type,
    content: `【${SYSTEM_NAME}】您的${purpose}验证码是${code}，${minutes}分钟内有效，请勿泄露给他人。`,
  });
}

/** Consumes the mobile's live code of `type` when `code` matches; otherwise refuses with MSG.smsWrong. */
export async function verifySmsCode(deps: AppDeps, mobile: string, type: string, code: string): Promise<void> {
  await claimSmsCode(deps.db, await matchSmsCode(deps, mobile, type, code));
}

/**
 * The id of the mobile's live code of `type` when `code` matches, without using it up; a wrong code
 * counts (and is committed at once, so a caller's rolled-back transaction cannot undo the count).
 */
export async function matchSmsCode(deps: AppDeps, mobile: string, type: string, code: string): Promise<string> {
  const [row] = await deps.db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.smsType, type), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new AppError(400, MSG.smsWrong);
  if (row.codeHash !== codeHash(row.id, code.trim())) {
    const attempts = row.attempts + 1;
    await deps.db
      .update(smsCodes)
      .set({ attempts, ...(attempts >= SMS_MAX_TRIES ? { usedAt: new Date() } : {}) })
      .where(eq(smsCodes.id, row.id));
    throw new AppError(400, MSG.smsWrong);
  }
  return row.id;
}

/** Uses up a matched code, in the caller's transaction when given one; a code used meanwhile refuses. */
export async function claimSmsCode(db: Pick<Db, 'update'>, id: string): Promise<void> {
  const claimed = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (claimed.length === 0) throw new AppError(400, MSG.smsWrong);
}
