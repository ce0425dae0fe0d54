// Signing in by password or by SMS code, with the brute-force defences: an account locks for
// LOGIN_LOCK_MS after LOGIN_MAX_FAILURES wrong passwords, and an image captcha is demanded after
// LOGIN_CAPTCHA_AFTER failures for a username, or CAPTCHA_AFTER_IP_FAILURES from one IP (high, so
// one person's typos do not put everyone behind an office NAT to the captcha; a spray over many
// usernames from one address still hits it). Every attempt goes to login_log.
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { LOGIN_CAPTCHA_AFTER, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../../contract/constants';
import { decodePassword } from '../../../contract/crypto';
import { MSG } from '../../../contract/messages';
import { SMS_TYPE } from '../../../contract/api/paths';
import { CAPTCHA_NEEDED_CODE, WIRE_MSG, WIRE_STATUS } from '../../../contract/api/wire';
import type { LoginBody } from '../../../contract/api/auth';
import type { LoginResult } from '../../../contract/types';
import type { AppDeps } from '../../context';
import { loginFailures, loginLog, users } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { hashPassword, verifyPassword } from '../../lib/password';
import { newId } from '../../lib/tokens';
import { consumeCaptcha } from '../captcha/service';
import type { DictService } from '../dict/service';
import { authCacheOf } from '../session/authCache';
import { createSession } from '../session/service';
import { verifySmsCode } from '../sms/service';
import { buildUserInfo, groupsOf, userByMobile, userByUsername, type UserRow } from '../user/service';

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

/** Compared against when the username is unknown, so both cases take the same time. */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(n: number): Promise<string> {
  if (!dummyHashes.has(n)) dummyHashes.set(n, hashPassword('not-a-password', n));
  return dummyHashes.get(n)!;
}

async function logAttempt(deps: AppDeps, a: { username: string; userId?: string; method: string; ok: boolean; reason?: string } & ClientMeta) {
  await deps.db.insert(loginLog).values({
    id: newId(),
    username: a.username.slice(0, 64),
    userId: a.userId,
    method: a.method,
    ok: a.ok,
    reason: a.reason,
    ip: a.ip,
    userAgent: a.userAgent?.slice(0, 512),
  });
}

/** Failures from one IP (any usernames) within LOGIN_LOCK_MS after which that IP must solve a captcha. */
export const CAPTCHA_AFTER_IP_FAILURES = 30;

interface Failures {
  byUsername: number;
  byIp: number;
}
/** Whether the next attempt must carry a captcha. */
const captchaDue = (f: Failures) => f.byUsername >= LOGIN_CAPTCHA_AFTER || f.byIp >= CAPTCHA_AFTER_IP_FAILURES;

async function recentFailures(deps: AppDeps, username: string, ip: string): Promise<Failures> {
  const since = new Date(Date.now() - LOGIN_LOCK_MS);
  const [row] = await deps.db
    .select({
      byUsername: sql<number>`count(*) FILTER (WHERE ${eq(loginFailures.username, username)})`.mapWith(Number),
      byIp: sql<number>`count(*) FILTER (WHERE ${eq(loginFailures.ip, ip)})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.createdAt, since), or(eq(loginFailures.username, username), eq(loginFailures.ip, ip))));
  return { byUsername: row?.byUsername ?? 0, byIp: row?.byIp ?? 0 };
}

const captchaRefusal = (message: string) => new AppError(WIRE_STATUS.captchaNeeded, message, CAPTCHA_NEEDED_CODE, { needCaptcha: true });

const lockedRefusal = (until: Date) => new AppError(WIRE_STATUS.locked, MSG.loginLocked(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000))));

/** Issues a session for a user who has proved who they are. */
export async function completeLogin(deps: AppDeps, dicts: DictService, user: UserRow, meta: ClientMeta): Promise<LoginResult> {
  const groups = await groupsOf(deps.db, user.id);
  const group = groups[0]?.group ?? null;
  const pair = await createSession(deps.db, { userId: user.id, groupId: group?.id ?? null, ...meta });
  authCacheOf(deps.db)?.warm(pair.token, user.id, group?.tenantId ?? null);
  const userInfo = await buildUserInfo(deps.db, user, group?.id ?? null);
  const sysAllDictItems = await dicts.all(group?.tenantId ?? '0');
  return { token: pair.token, refreshToken: pair.refreshToken, userInfo, sysAllDictItems };
}

export async function passwordLogin(deps: AppDeps, dicts: DictService, body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
  const username = body.username;
  const plain = decodePassword(body.password, deps.loginAesKey);
  if (plain === null) throw new AppError(WIRE_STATUS.loginFailed, MSG.passwordEncoding);

  const user = await userByUsername(deps.db, username);
  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await logAttempt(deps, { username, userId: user.id, method: 'password', ok: false, reason: 'locked', ...meta });
    throw lockedRefusal(user.lockedUntil);
  }

  const failures = await recentFailures(deps, username, meta.ip);
  if (captchaDue(failures)) {
    if (!body.captcha || !body.checkKey) throw captchaRefusal(WIRE_MSG.captchaNeeded);
    const verdict = await consumeCaptcha(deps.db, body.checkKey, body.captcha);
    if (verdict === 'expired') throw captchaRefusal(WIRE_MSG.captchaExpired);
    if (verdict === 'wrong') throw captchaRefusal(MSG.loginCaptchaWrong);
  }

  const ok = await verifyPassword(plain, user?.passwordHash ?? (await dummyHash(deps.scryptN)));
  if (!user || !ok) {
    await deps.db.insert(loginFailures).values({ id: newId(), username: username.slice(0, 64), ip: meta.ip });
    await logAttempt(deps, { username, userId: user?.id, method: 'password', ok: false, reason: 'bad credentials', ...meta });
    if (user) {
      const failed = user.failedLogins + 1;
      if (failed >= LOGIN_MAX_FAILURES) {
        const until = new Date(Date.now() + LOGIN_LOCK_MS);
        await deps.db.update(users).set({ failedLogins: 0, lockedUntil: until }).where(eq(users.id, user.id));
        throw lockedRefusal(until);
      }
      await deps.db.update(users).set({ failedLogins: failed }).where(eq(users.id, user.id));
    }
    throw new AppError(WIRE_STATUS.loginFailed, MSG.loginBadCredentials, WIRE_STATUS.loginFailed, {
      needCaptcha: captchaDue({ byUsername: failures.byUsername + 1, byIp: failures.byIp + 1 }),
    });
  }

  if (user.status !== 1) {
    await logAttempt(deps, { username, userId: user.id, method: 'password', ok: false, reason: 'frozen', ...meta });
    throw new AppError(WIRE_STATUS.loginFailed, MSG.loginFrozen);
  }

  // Only when there is something to clear: every write to users drops the list pages read from it
  // in every process (server/lib/listCache.ts), and most sign-ins follow no failure.
  if (user.failedLogins !== 0 || user.lockedUntil) await deps.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  await deps.db.delete(loginFailures).where(eq(loginFailures.username, username));
  await logAttempt(deps, { username, userId: user.id, method: 'password', ok: true, ...meta });
  return completeLogin(deps, dicts, user, meta);
}

export async function phoneLogin(deps: AppDeps, dicts: DictService, mobile: string, captcha: string, meta: ClientMeta): Promise<LoginResult> {
  const user = await userByMobile(deps.db, mobile);
  if (!user) throw new AppError(WIRE_STATUS.loginFailed, WIRE_MSG.mobileNotRegistered);
  try {
    await verifySmsCode(deps, mobile, SMS_TYPE.login, captcha);
  } catch (err) {
    await logAttempt(deps, { username: user.username, userId: user.id, method: 'sms', ok: false, reason: 'bad code', ...meta });
    throw err;
  }
  if (user.status !== 1) {
    await logAttempt(deps, { username: user.username, userId: user.id, method: 'sms', ok: false, reason: 'frozen', ...meta });
    throw new AppError(WIRE_STATUS.loginFailed, MSG.loginFrozen);
  }
  await logAttempt(deps, { username: user.username, userId: user.id, method: 'sms', ok: true, ...meta });
  return completeLogin(deps, dicts, user, meta);
}
