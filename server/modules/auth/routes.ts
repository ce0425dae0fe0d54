// Routes of signing in and out, the session, and self-service on the account (spec §7).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/api/paths';
import {
  loginBody,
  passwordResetBody,
  passwordUpdatingBody,
  phoneLoginBody,
  refreshTokenBody,
  registerBody,
  switchSystemBody,
} from '../../../contract/api/auth';
import { WIRE_MSG } from '../../../contract/api/wire';
import type { ModuleOptions } from '../../context';
import { AppError, capOk, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { issueCaptcha } from '../captcha/service';
import { revokeFamily, rotateRefreshToken, setSessionGroup } from '../session/service';
import { buildUserInfo, groupsOf } from '../user/service';
import { changeOwnPassword, register, resetPassword } from './account';
import { passwordLogin, phoneLogin } from './login';

export const authRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps, dicts, loginRateLimit }) => {
  const rateLimit = { max: loginRateLimit, timeWindow: '1 minute' };
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  app.post(P.login, { schema: { body: loginBody, tags: ['auth'] }, config: { permission: 'public', signed: true, rateLimit } }, async (req) =>
    sysOk(await passwordLogin(deps, dicts, req.body, meta(req)), WIRE_MSG.loginDone),
  );

  app.post(P.phoneLogin, { schema: { body: phoneLoginBody, tags: ['auth'] }, config: { permission: 'public', signed: true, rateLimit } }, async (req) =>
    sysOk(await phoneLogin(deps, dicts, req.body.mobile, req.body.captcha, meta(req)), WIRE_MSG.loginDone),
  );

  app.get(
    `${P.captchaImage}/:checkKey`,
    {
      schema: { params: z.object({ checkKey: z.string().trim().min(1, MSG.badRequest).max(64, MSG.badRequest) }), tags: ['auth'] },
      config: { permission: 'public', rateLimit: { max: loginRateLimit * 2, timeWindow: '1 minute' } },
    },
    async (req) => sysOk(await issueCaptcha(deps.db, req.params.checkKey, deps.captchaText())),
  );

  app.post(P.refreshToken, { schema: { body: refreshTokenBody, tags: ['auth'] }, config: { permission: 'public', signed: true } }, async (req) => {
    const pair = await rotateRefreshToken(deps.db, req.body.refreshToken, req.ip, meta(req).userAgent);
    return capOk({ accessToken: pair.token, refreshToken: pair.refreshToken });
  });

  app.get(P.logout, { schema: { tags: ['auth'] }, config: { permission: 'authenticated' } }, async (req) => {
    await revokeFamily(deps.db, authOf(req).session.familyId);
    return capOk({}, WIRE_MSG.logoutDone);
  });

  app.post(
    P.passwordUpdating,
    { schema: { body: passwordUpdatingBody, tags: ['auth'] }, config: { permission: 'authenticated', signed: true } },
    async (req) => {
      const { user, session } = authOf(req);
      await changeOwnPassword(deps, { userId: user.id, familyId: session.familyId }, req.body);
      return capOk({}, MSG.modified);
    },
  );

  app.post(P.switchSystem, { schema: { body: switchSystemBody, tags: ['auth'] }, config: { permission: 'authenticated', signed: true } }, async (req) => {
    const { user, session } = authOf(req);
    const target = (await groupsOf(deps.db, user.id)).find((g) => g.group.id === req.body.groupId && g.system.id === req.body.sysId);
    if (!target) throw new AppError(400, WIRE_MSG.systemNotYours);
    await setSessionGroup(deps.db, session.familyId, target.group.id);
    return capOk({ userInfo: await buildUserInfo(deps.db, user, target.group.id) });
  });

  app.post(P.register, { schema: { body: registerBody, tags: ['auth'] }, config: { permission: 'public', signed: true, rateLimit } }, async (req) =>
    sysOk(await register(deps, req.body), WIRE_MSG.registered),
  );

  app.post(P.passwordReset, { schema: { body: passwordResetBody, tags: ['auth'] }, config: { permission: 'public', signed: true, rateLimit } }, async (req) => {
    await resetPassword(deps, req.body);
    return sysOk(null, WIRE_MSG.passwordResetDone);
  });
};
