// Self-service on the account: registration and password reset by SMS code, and changing one's
// own password. New passwords follow the rule of spec §5 after the wire encoding is removed.
import { and, eq } from 'drizzle-orm';
import { decodePassword } from '../../../contract/crypto';
import { MSG } from '../../../contract/messages';
import { SMS_TYPE } from '../../../contract/api/paths';
import { plainNewPassword } from '../../../contract/api/auth';
import { WIRE_MSG } from '../../../contract/api/wire';
import { firstIssue } from '../../../contract/validation';
import type { AppDeps } from '../../context';
import { groups, roles, userGroups, userRoles, users } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { hashPassword, verifyPassword } from '../../lib/password';
import { newId } from '../../lib/tokens';
import { revokeUserSessions } from '../session/service';
import { verifySmsCode } from '../sms/service';
import { userByMobile, userById, userByUsername } from '../user/service';

/** Group and role a self-registered user starts in (seeded). */
export const REGISTERED_GROUP_TYPE = 'cusPersonal';
export const REGISTERED_ROLE_CODE = 'customer';

/** Decodes a wire-encoded new password and checks the rule; returns the plain text. */
function newPlainPassword(deps: AppDeps, encoded: string): string {
  const plain = decodePassword(encoded, deps.loginAesKey);
  if (plain === null) throw new AppError(400, MSG.passwordEncoding);
  const checked = plainNewPassword.safeParse(plain);
  if (!checked.success) throw new AppError(400, firstIssue(checked.error));
  return plain;
}

export async function register(
  deps: AppDeps,
  b: { username: string; realname: string; password: string; mobile: string; captcha: string },
): Promise<{ id: string; username: string }> {
  const plain = newPlainPassword(deps, b.password);
  if (await userByUsername(deps.db, b.username)) throw new AppError(400, WIRE_MSG.usernameTaken);
  if (await userByMobile(deps.db, b.mobile)) throw new AppError(400, WIRE_MSG.mobileTaken);
  await verifySmsCode(deps, b.mobile, SMS_TYPE.register, b.captcha);
  const passwordHash = await hashPassword(plain, deps.scryptN);
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({ id, username: b.username, realname: b.realname, mobile: b.mobile, passwordHash });
      const [group] = await tx.select().from(groups).where(eq(groups.groupType, REGISTERED_GROUP_TYPE)).limit(1);
      if (group) await tx.insert(userGroups).values({ userId: id, groupId: group.id });
      // The role must be of the group's tenant: a role grants only in its own tenant.
      const [role] = group
        ? await tx
            .select()
            .from(roles)
            .where(and(eq(roles.roleCode, REGISTERED_ROLE_CODE), eq(roles.tenantId, group.tenantId)))
            .limit(1)
        : [];
      if (role) await tx.insert(userRoles).values({ userId: id, roleId: role.id });
    });
  } catch (err) {
    // Two registrations racing for the same name or mobile: the unique index decides.
    if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505') {
      throw new AppError(400, WIRE_MSG.usernameTaken);
    }
    throw err;
  }
  return { id, username: b.username };
}

export async function resetPassword(deps: AppDeps, b: { mobile: string; captcha: string; password: string }): Promise<void> {
  const user = await userByMobile(deps.db, b.mobile);
  if (!user) throw new AppError(400, WIRE_MSG.mobileNotRegistered);
  const plain = newPlainPassword(deps, b.password);
  await verifySmsCode(deps, b.mobile, SMS_TYPE.resetPassword, b.captcha);
  const passwordHash = await hashPassword(plain, deps.scryptN);
  await deps.db.update(users).set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeUserSessions(deps.db, user.id);
}

export async function changeOwnPassword(
  deps: AppDeps,
  me: { userId: string; familyId: string },
  b: { userId: string; pswOld: string; pswNew: string },
): Promise<void> {
  if (b.userId !== me.userId) throw new AppError(403, WIRE_MSG.passwordOwnOnly);
  const user = await userById(deps.db, me.userId);
  if (!user) throw new AppError(401, MSG.tokenInvalid);
  const old = decodePassword(b.pswOld, deps.loginAesKey);
  if (old === null) throw new AppError(400, MSG.passwordEncoding);
  if (!(await verifyPassword(old, user.passwordHash))) throw new AppError(400, WIRE_MSG.passwordOldWrong);
  const plain = newPlainPassword(deps, b.pswNew);
  const passwordHash = await hashPassword(plain, deps.scryptN);
  await deps.db
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  await revokeUserSessions(deps.db, user.id, me.familyId);
}
