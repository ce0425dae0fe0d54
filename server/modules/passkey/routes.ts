// Passkey calls (issue 20 §1): register one from 我的 after the payment password, list and remove
// one's own, and an administrator's list and revocation for a user they manage. The approval
// challenge and the approval itself are pay calls (../pay/routes.ts). Rules: service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_PERMS } from '../../../contract/api/admin';
import * as K from '../../../contract/api/passkey';
import type { ModuleOptions } from '../../context';
import { capOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { manageable } from '../admin/userService';
import { storeOfDb } from '../ledger/store';
import { verifyPayPassword } from '../pay/passwords';
import { relyingPartyOf } from './relyingParty';
import * as svc from './service';

const tags = ['passkey'];

export const passkeyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const store = storeOfDb(deps.db);

  app.post(
    K.PASSKEY_PATHS.registerOptions,
    { schema: { body: K.registerOptionsBody, tags, summary: '添加通行密钥（第一步）：校验支付密码后返回注册参数' }, config: { permission: 'authenticated' } },
    async (req) => {
      const auth = authOf(req);
      await verifyPayPassword(deps, store, auth.user.id, req.body.payPwd);
      return capOk({ ...(await svc.registrationOptions(store, auth.user, auth.tenantId, relyingPartyOf(req, deps.publicOrigin))) });
    },
  );

  app.post(
    K.PASSKEY_PATHS.register,
    { schema: { body: K.registerBody, tags, summary: '添加通行密钥（第二步）：校验设备的注册结果（需用户验证）' }, config: { permission: 'authenticated' } },
    async (req) => {
      const auth = authOf(req);
      const passkey = await svc.register(store, auth.user.id, auth.tenantId, req.body as Parameters<typeof svc.register>[3]);
      return capOk({ passkey }, K.PASSKEY_MSG.registered);
    },
  );

  app.post(K.PASSKEY_PATHS.list, { schema: { body: K.listBody, tags, summary: '我的通行密钥' }, config: { permission: 'authenticated' } }, async (req) =>
    capOk({ listData: await svc.listOwn(store, authOf(req).user.id) }),
  );

  app.post(
    K.PASSKEY_PATHS.remove,
    { schema: { body: K.removeBody, tags, summary: '删除我的通行密钥' }, config: { permission: 'authenticated' } },
    async (req) => {
      await svc.removeOwn(store, authOf(req).user.id, req.body.id);
      return capOk({}, K.PASSKEY_MSG.removed);
    },
  );

  app.get(
    K.PASSKEY_PATHS.adminList,
    { schema: { querystring: K.adminListQuery, tags, summary: '用户的通行密钥（管理员）' }, config: { permission: USER_PERMS.edit } },
    async (req) => {
      const user = await manageable(deps.db, authOf(req), req.query.userId);
      return capOk({ listData: await svc.listOwn(store, user.id) });
    },
  );

  app.post(
    K.PASSKEY_PATHS.revoke,
    { schema: { body: K.removeBody, tags, summary: '撤销用户的通行密钥（管理员）：撤销后不能再用于审批' }, config: { permission: USER_PERMS.edit } },
    async (req) => {
      const auth = authOf(req);
      await manageable(deps.db, auth, await svc.ownerOf(store, req.body.id));
      await svc.revoke(store, req.body.id, auth.user.id);
      return capOk({}, K.PASSKEY_MSG.revoked);
    },
  );
};
