// 系统监控 (issue 19 §3): GET /sys/monitor/overview answers the monitoring page's figures (see
// ./service.ts). They describe every tenant's traffic and the servers, so only platform staff
// working in the platform tenant see them, with system:monitor:view; and this process's heartbeat
// runs from ready to close, with the live notice that keeps open monitoring pages current.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MONITOR_P, MONITOR_PERMS } from '../../../contract/api/monitor';
import { MSG } from '../../../contract/messages';
import type { ModuleOptions } from '../../context';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { isPlatform } from '../config/scope';
import { JOBS_TENANT } from '../jobs/service';
import { ledgerServiceFor } from '../ledger/instance';
import { createBroker, TOPIC_CHANNELS } from '../../realtime/broker';
import { Monitor } from './service';

export const monitorRoutes: FastifyPluginAsyncZod<ModuleOptions & { heartbeatMs?: number }> = async (app, { deps, heartbeatMs }) => {
  const db = deps.db;
  const monitor = new Monitor(db, deps.metrics, () => ledgerServiceFor(db).channel);
  app.addHook('onReady', async () => {
    const warn = (err: unknown) => app.log.warn({ err }, 'process heartbeat failed');
    monitor.start(heartbeatMs, warn);
    const broker = await createBroker(db, app.log);
    monitor.startPush((payload) => broker.publishTopic(TOPIC_CHANNELS.live, payload), JOBS_TENANT, warn);
  });
  app.addHook('onClose', async () => monitor.stop());

  app.get(
    MONITOR_P.overview,
    { schema: { tags: ['monitor'], summary: '系统监控：进程、接口、数据库、定时任务、在线用户、渠道' }, config: { permission: MONITOR_PERMS.view } },
    async (req) => {
      if (authOf(req).tenantId !== JOBS_TENANT || !(await isPlatform(db, req))) throw new AppError(403, MSG.http403);
      return sysOk(await monitor.overview());
    },
  );
};
