// Payment password (per user: approvers approve with their own), operation password and data
// decryption. Passwords arrive AES-encoded like the login password (contract encodePassword; the
// server decodes with LOGIN_AES_KEY) and are stored as scrypt hashes.
// - AcctPayPwdModify: cusCode required ('客户代码为空'); when the user's group is a customer's it
//   must be that customer's code. The new password follows PAY_PWD_RULE (§5 default rule). With a
//   payment password set, payPwdOld must match it (wrong tries count towards the lock); the FIRST
//   time (none set yet) payPwdOld is the user's LOGIN password.
// - Approval: 5 wrong payment passwords lock it for LOGIN_LOCK_MS (15 min), answered 423.
// - Data decryption: SMS code of type decrypt sent to the user's own mobile → a new session whose
//   access token lives DECRYPTED_ACCESS_TOKEN_MS (1 h) and refresh token DECRYPTED_REFRESH_TOKEN_MS
//   (1 day), its family marked decrypted until then; answers to it show mobiles and cards in full.
import { DECRYPTED_ACCESS_TOKEN_MS, DECRYPTED_REFRESH_TOKEN_MS, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../../contract/constants';
import { decodePassword } from '../../../contract/crypto';
import { SMS_TYPE } from '../../../contract/api/paths';
import { PAY_MSG, PAY_PWD_RULE } from '../../../contract/api/pay';
import { WIRE_STATUS } from '../../../contract/api/wire';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/envelope';
import type { AuthContext } from '../../http/guard';
import { hashPassword, verifyPassword } from '../../lib/password';
import { createSession } from '../session/service';
import type { SqlConn } from '../ledger/store';
import { verifySmsCode } from '../sms/service';

const decode = (deps: AppDeps, v: string) => {
  const plain = decodePassword(v, deps.loginAesKey);
  if (plain === null) throw new AppError(400, PAY_MSG.payPwdEncoding);
  return plain;
};
const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));
interface PwdRow {
  password_hash: string;
  failed: number;
  locked_until: Date | null;
}

async function payPwdRow(c: SqlConn, userId: string): Promise<PwdRow | null> {
  const [r] = await c.query<PwdRow>('SELECT password_hash, failed, locked_until FROM pay_passwords WHERE user_id = $1', [userId]);
  return r ? { ...r, failed: Number(r.failed), locked_until: r.locked_until ? new Date(r.locked_until) : null } : null;
}

/** Checks a payment password against the stored hash with the lock rule; wrong → 400, locked → 423. */
async function checkPayPwd(c: SqlConn, userId: string, row: PwdRow, plain: string): Promise<void> {
  if (row.locked_until && row.locked_until.getTime() > Date.now()) throw new AppError(WIRE_STATUS.locked, PAY_MSG.payPwdLocked(minutesLeft(row.locked_until)));
  if (await verifyPassword(plain, row.password_hash)) {
    if (row.failed || row.locked_until) await c.query('UPDATE pay_passwords SET failed = 0, locked_until = NULL WHERE user_id = $1', [userId]);
    return;
  }
  const [{ failed }] = await c.query<{ failed: number }>(
    `UPDATE pay_passwords SET failed = CASE WHEN locked_until IS NOT NULL AND locked_until <= now() THEN 1 ELSE failed + 1 END, locked_until = NULL WHERE user_id = $1 RETURNING failed`,
    [userId],
  );
  if (Number(failed) >= LOGIN_MAX_FAILURES) {
    const until = new Date(Date.now() + LOGIN_LOCK_MS);
    await c.query('UPDATE pay_passwords SET failed = 0, locked_until = $2 WHERE user_id = $1', [userId, until]);
    throw new AppError(WIRE_STATUS.locked, PAY_MSG.payPwdLocked(minutesLeft(until)));
  }
  throw new AppError(400, PAY_MSG.payPwdWrong(LOGIN_MAX_FAILURES - Number(failed)));
}

export async function verifyPayPassword(deps: AppDeps, c: SqlConn, userId: string, encoded: string): Promise<void> {
  const plain = decode(deps, encoded);
  const row = await payPwdRow(c, userId);
  if (!row) throw new AppError(400, PAY_MSG.payPwdNotSet);
  await checkPayPwd(c, userId, row, plain);
}

export async function modifyPayPassword(
  deps: AppDeps,
  c: SqlConn,
  auth: AuthContext,
  v: { cusCode: string; payPwd: string; payPwdOld: string },
): Promise<void> {
  if (auth.groupId) {
    const [g] = await c.query<{ cus_code: string | null }>('SELECT cus_code FROM groups WHERE id = $1', [auth.groupId]);
    if (g?.cus_code && g.cus_code !== v.cusCode) throw new AppError(400, PAY_MSG.cusCodeMismatch);
  }
  const oldPlain = decode(deps, v.payPwdOld);
  const newPlain = decode(deps, v.payPwd);
  if (!PAY_PWD_RULE.pattern.test(newPlain)) throw new AppError(400, PAY_PWD_RULE.message);
  const row = await payPwdRow(c, auth.user.id);
  if (row) {
    await checkPayPwd(c, auth.user.id, row, oldPlain).catch((err: AppError) => {
      throw err.statusCode === 400 ? new AppError(400, PAY_MSG.payPwdOldWrong) : err;
    });
  } else if (!(await verifyPassword(oldPlain, auth.user.passwordHash))) {
    throw new AppError(400, PAY_MSG.payPwdOldWrong);
  }
  if (newPlain === oldPlain) throw new AppError(400, PAY_MSG.payPwdSame);
  const hash = await hashPassword(newPlain, deps.scryptN);
  await c.query(
    `INSERT INTO pay_passwords (user_id, password_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, failed = 0, locked_until = NULL, updated_at = now()`,
    [auth.user.id, hash],
  );
}

/** Demo users whose login password is still the demo one get it as their payment password too (once). */
export async function seedDemoPayPasswords(deps: AppDeps, c: SqlConn, demoPassword: string, usernames: string[]): Promise<number> {
  const users = await c.query<{ id: string; password_hash: string }>(
    `SELECT u.id, u.password_hash FROM users u WHERE u.username = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM pay_passwords p WHERE p.user_id = u.id)`,
    [usernames],
  );
  let n = 0;
  for (const u of users) {
    if (!(await verifyPassword(demoPassword, u.password_hash))) continue;
    await c.query('INSERT INTO pay_passwords (user_id, password_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      u.id,
      await hashPassword(demoPassword, deps.scryptN),
    ]);
    n++;
  }
  return n;
}

export async function setOpPassword(deps: AppDeps, c: SqlConn, auth: AuthContext, v: { opPsw: string; captcha: string }): Promise<void> {
  const plain = decode(deps, v.opPsw);
  if (!PAY_PWD_RULE.pattern.test(plain)) throw new AppError(400, PAY_PWD_RULE.message);
  if (!auth.user.mobile) throw new AppError(400, '当前用户未绑定手机号');
  await verifySmsCode(deps, auth.user.mobile, SMS_TYPE.opPassword, v.captcha);
  await c.query(
    `INSERT INTO op_passwords (user_id, password_hash) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`,
    [auth.user.id, await hashPassword(plain, deps.scryptN)],
  );
}

export async function isDecrypted(c: SqlConn, familyId: string): Promise<boolean> {
  const [r] = await c.query<{ ok: boolean }>('SELECT true AS ok FROM decrypted_sessions WHERE family_id = $1 AND decrypted_until > now()', [familyId]);
  return !!r;
}

export async function decryptSession(
  deps: AppDeps,
  c: SqlConn,
  auth: AuthContext,
  v: { mobile: string; captcha: string },
  meta: { ip?: string; userAgent?: string },
) {
  if (await isDecrypted(c, auth.session.familyId)) throw new AppError(400, PAY_MSG.alreadyDecrypted);
  if (!auth.user.mobile || auth.user.mobile !== v.mobile) throw new AppError(400, PAY_MSG.decryptMobile);
  await verifySmsCode(deps, v.mobile, SMS_TYPE.decrypt, v.captcha);
  const now = Date.now();
  const until = new Date(now + DECRYPTED_REFRESH_TOKEN_MS);
  const pair = await createSession(deps.db, {
    userId: auth.user.id,
    groupId: auth.session.groupId,
    ip: meta.ip,
    userAgent: meta.userAgent,
    lifetimes: { accessExpiresAt: new Date(now + DECRYPTED_ACCESS_TOKEN_MS), refreshExpiresAt: until },
  });
  // The new pair opens its own family (familyId = its session id); refreshes keep its limits.
  await c.query('INSERT INTO decrypted_sessions (family_id, user_id, decrypted_until) VALUES ($1, $2, $3)', [pair.sessionId, auth.user.id, until]);
  const { token: accessToken, refreshToken } = pair;
  return { accessToken, refreshToken, token: accessToken, expiresIn: DECRYPTED_ACCESS_TOKEN_MS / 1000 };
}
