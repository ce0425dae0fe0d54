// The SMS captcha call of spec §7.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/api/paths';
import { smsCaptchaBody } from '../../../contract/api/auth';
import type { ModuleOptions } from '../../context';
import { capOk } from '../../http/envelope';
import { sendSmsCode } from './service';

export const smsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps, loginRateLimit }) => {
  app.post(
    P.smsCaptcha,
    {
      schema: { body: smsCaptchaBody, tags: ['sms'] },
      config: { permission: 'public', signed: true, rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } },
    },
    async (req) => {
      await sendSmsCode(deps, req.body.mobile, req.body.type);
      return capOk({}, MSG.smsSent);
    },
  );
};
