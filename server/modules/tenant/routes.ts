// Public look-ups of the login page: which tenant a host belongs to and its branding.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { P } from '../../../contract/api/paths';
import { systemInquiryBody, tenantInquiryBody } from '../../../contract/api/auth';
import type { ModuleOptions } from '../../context';
import { capOk } from '../../http/envelope';
import { sysInfoOf, tenantByUrl } from './service';

export const tenantRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.post(P.tenantInquiry, { schema: { body: tenantInquiryBody, tags: ['tenant'] }, config: { permission: 'public' } }, async (req) => {
    const t = await tenantByUrl(deps.db, req.body.url);
    return capOk({ tenantId: t.id, tenantInfo: { id: t.id, name: t.name, domain: t.domain ?? '' } });
  });

  app.post(P.systemInquiry, { schema: { body: systemInquiryBody, tags: ['tenant'] }, config: { permission: 'public' } }, async (req) => {
    const t = await tenantByUrl(deps.db, req.body.url);
    const sysInfo = await sysInfoOf(deps.db, t.id);
    return capOk({ sysInfo, sysName: sysInfo.sysName });
  });

  app.get(P.health, { schema: { tags: ['system'] }, config: { permission: 'public' } }, async () => ({ success: true }));
};
