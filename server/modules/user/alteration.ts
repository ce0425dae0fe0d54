// /user/alteration (账号变更): the signed-in user changes the mobile bound to the account. A code
// to the old number proves ownership, a code to the new number proves the new one is theirs and
// free; the final call checks both, uses both up and changes the mobile in one transaction, so a
// refused step changes nothing. Wrong codes count at once (sms/service.ts matchSmsCode).
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALTERATION_MSG,
  ALTERATION_P,
  ALTERATION_SMS_TYPE,
  alterationCheckOldBody,
  alterationCommitBody,
  alterationSendNewBody,
} from '../../../contract/api/alteration';
import { MSG } from '../../../contract/messages';
import { WIRE_MSG } from '../../../contract/api/wire';
import type { AppDeps, ModuleOptions } from '../../context';
import { users } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { forgetAuth } from '../session/authChanges';
import { claimSmsCode, matchSmsCode, sendSmsCode } from '../sms/service';
import { userById, userByMobile } from './service';

async function boundMobile(deps: AppDeps, userId: string): Promise<string> {
  const user = await userById(deps.db, userId);
  if (!user?.mobile) throw new AppError(400, ALTERATION_MSG.noMobile);
  return user.mobile;
}

async function checkNewMobile(deps: AppDeps, userId: string, current: string, mobile: string): Promise<void> {
  if (mobile === current) throw new AppError(400, ALTERATION_MSG.sameMobile);
  const owner = await userByMobile(deps.db, mobile);
  if (owner && owner.id !== userId) throw new AppError(400, WIRE_MSG.mobileTaken);
}

const isUniqueViolation = (err: unknown) => String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505';

export const alterationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps, loginRateLimit }) => {
  const limited = { permission: 'authenticated', signed: true, rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } } as const;

  app.post(ALTERATION_P.sendOld, { schema: { tags: ['user'] }, config: limited }, async (req) => {
    const mobile = await boundMobile(deps, authOf(req).user.id);
    await sendSmsCode(deps, mobile, ALTERATION_SMS_TYPE.old);
    return sysOk({}, MSG.smsSent);
  });

  app.post(ALTERATION_P.checkOld, { schema: { body: alterationCheckOldBody, tags: ['user'] }, config: limited }, async (req) => {
    const mobile = await boundMobile(deps, authOf(req).user.id);
    await matchSmsCode(deps, mobile, ALTERATION_SMS_TYPE.old, req.body.captcha);
    return sysOk({}, ALTERATION_MSG.oldVerified);
  });

  app.post(ALTERATION_P.sendNew, { schema: { body: alterationSendNewBody, tags: ['user'] }, config: limited }, async (req) => {
    const { user } = authOf(req);
    await checkNewMobile(deps, user.id, await boundMobile(deps, user.id), req.body.mobile);
    await sendSmsCode(deps, req.body.mobile, ALTERATION_SMS_TYPE.new);
    return sysOk({}, MSG.smsSent);
  });

  app.post(ALTERATION_P.commit, { schema: { body: alterationCommitBody, tags: ['user'] }, config: limited }, async (req) => {
    const { user } = authOf(req);
    const { oldCaptcha, mobile, captcha } = req.body;
    const current = await boundMobile(deps, user.id);
    await checkNewMobile(deps, user.id, current, mobile);
    const oldCode = await matchSmsCode(deps, current, ALTERATION_SMS_TYPE.old, oldCaptcha);
    const newCode = await matchSmsCode(deps, mobile, ALTERATION_SMS_TYPE.new, captcha);
    try {
      await deps.db.transaction(async (tx) => {
        await claimSmsCode(tx, oldCode);
        await claimSmsCode(tx, newCode);
        // Only from the number the old code was sent to: a change made meanwhile refuses this one.
        const changed = await tx
          .update(users)
          .set({ mobile, updatedAt: new Date() })
          .where(and(eq(users.id, user.id), eq(users.mobile, current)))
          .returning({ id: users.id });
        if (changed.length === 0) throw new AppError(409, ALTERATION_MSG.changedMeanwhile);
      });
    } catch (err) {
      // Another account took the number between the check and the change: the unique index decides.
      if (isUniqueViolation(err)) throw new AppError(400, WIRE_MSG.mobileTaken);
      throw err;
    }
    // Committed: the guard's cached user drops the old number now, not when the change notice arrives.
    forgetAuth(deps.db, { users: [user.id] });
    return sysOk({ mobile }, ALTERATION_MSG.changed);
  });
};
