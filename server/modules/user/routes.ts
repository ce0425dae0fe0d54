// The signed-in user's departments (spec §7 users and departments) and sign-in statistics.
import { and, count, countDistinct, eq, gte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/api/paths';
import { selectDepartBody } from '../../../contract/api/auth';
import { LOGIN_INFO_PERMISSION, WIRE_MSG } from '../../../contract/api/wire';
import type { ModuleOptions } from '../../context';
import { loginLog, users } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { forgetAuth } from '../session/authChanges';
import { buildUserInfo, departsOf } from './service';
import { alterationRoutes } from './alteration';

export const userRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  const { deps } = opts;
  await app.register(alterationRoutes, opts);
  app.get(P.currentDeparts, { schema: { tags: ['user'] }, config: { permission: 'authenticated' } }, async (req) => {
    const { user } = authOf(req);
    return sysOk({ list: await departsOf(deps.db, user.id), orgCode: user.orgCode ?? '' });
  });

  app.put(P.selectDepart, { schema: { body: selectDepartBody, tags: ['user'] }, config: { permission: 'authenticated', signed: true } }, async (req) => {
    const { user, groupId } = authOf(req);
    if (req.body.username && req.body.username !== user.username) throw new AppError(403, MSG.http403);
    const departs = await departsOf(deps.db, user.id);
    if (departs.length === 0) throw new AppError(400, MSG.noDepart);
    if (!departs.some((d) => d.orgCode === req.body.orgCode)) throw new AppError(400, WIRE_MSG.departNotYours);
    const [updated] = await deps.db.update(users).set({ orgCode: req.body.orgCode, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
    // The guard's cached user must not answer the old department on the next call: on PostgreSQL
    // the database's change notice reaches this process a moment after the commit.
    forgetAuth(deps.db, { users: [user.id] });
    return sysOk({ userInfo: await buildUserInfo(deps.db, updated, groupId) });
  });

  app.get(P.loginInfo, { schema: { tags: ['user'] }, config: { permission: LOGIN_INFO_PERMISSION } }, async () => {
    const startOfDay = new Date();
    startOfDay.setHours(0, 0, 0, 0);
    const [total] = await deps.db.select({ n: count() }).from(loginLog).where(eq(loginLog.ok, true));
    const [today] = await deps.db
      .select({ n: count(), ips: countDistinct(loginLog.ip) })
      .from(loginLog)
      .where(and(eq(loginLog.ok, true), gte(loginLog.createdAt, startOfDay)));
    return sysOk({ totalVisitCount: Number(total.n), todayVisitCount: Number(today.n), todayIp: Number(today.ips) });
  });
};
