// The registry of real server jobs a scheduled job may name (contract JOB_HANDLERS lists their
// names and parameter schemas). Each handler does its work and returns a short Chinese summary
// that the run history shows. Parameters arrive already validated by the handler's zod schema.
import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandlerKey } from '../../contract/api/jobs';
import type { Db } from '../db/client';
import { loginLog, sessions, smsOutbox } from '../db/schema';
import type { DictService } from '../modules/dict/service';
import { objectStoreFromEnv, type ObjectStore } from '../adapters/objectStore/objectStore';
import { fileAdmin } from '../modules/files/admin';
import { dayBounds } from '../adapters/channel/statement';
import { ledgerServiceFor } from '../modules/ledger/instance';
import { ReconciliationService } from '../modules/settle/reconcile';
import { SettlementService, cstDay } from '../modules/settle/settlement';

export interface JobContext {
  db: Db;
  dicts: DictService;
  log: FastifyBaseLogger;
  /** Aborted when the run exceeds its time-out; long handlers should stop at the next chance. */
  signal: AbortSignal;
  now: Date;
  /** The object store of uploads (default: the one the environment configures). */
  objects?: ObjectStore;
}
export type JobHandler = (ctx: JobContext, params: Record<string, unknown>) => Promise<string>;
export type JobHandlerRegistry = Record<string, JobHandler>;

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
const int = (v: unknown, def: number) => (typeof v === 'number' && Number.isInteger(v) ? v : def);

/** Deletes in batches so a large backlog never holds one huge transaction; stops when aborted. */
async function deleteInBatches(ctx: JobContext, deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteBatch();
    total += n;
    if (n < BATCH || ctx.signal.aborted) return total;
  }
}
const BATCH = 5000;

export const JOB_HANDLER_REGISTRY: Record<JobHandlerKey, JobHandler> = {
  async heartbeat(_ctx, params) {
    return typeof params.note === 'string' && params.note ? `心跳正常：${params.note}` : '心跳正常';
  },

  // Clears the dictionary cache of every tenant in every server process on the database (the
  // dictionary service publishes the clear through the broker; each process drops its own cache).
  async dictCacheRefresh(ctx) {
    if (!(await ctx.dicts.clearAll())) throw new Error('本进程的字典缓存已清空，但未能通知其他服务进程');
    return '已清空全部租户的字典缓存（所有服务进程）';
  },

  async sessionCleanup(ctx, params) {
    const revokedBefore = daysAgo(ctx.now, int(params.revokedDays, 7));
    const n = await deleteInBatches(ctx, async () => {
      const ids = ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(or(lt(sessions.refreshExpiresAt, ctx.now), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, revokedBefore))))
        .limit(BATCH);
      return (await ctx.db.delete(sessions).where(inArray(sessions.id, ids)).returning({ id: sessions.id })).length;
    });
    return `删除会话 ${n} 条`;
  },

  async logPrune(ctx, params) {
    const before = daysAgo(ctx.now, int(params.days, 180));
    const n = await deleteInBatches(ctx, async () => {
      const ids = ctx.db.select({ id: loginLog.id }).from(loginLog).where(lt(loginLog.createdAt, before)).limit(BATCH);
      return (await ctx.db.delete(loginLog).where(inArray(loginLog.id, ids)).returning({ id: loginLog.id })).length;
    });
    return `删除登录日志 ${n} 条`;
  },

  async smsOutboxPrune(ctx, params) {
    const before = daysAgo(ctx.now, int(params.days, 30));
    const n = await deleteInBatches(ctx, async () => {
      const ids = ctx.db.select({ id: smsOutbox.id }).from(smsOutbox).where(lt(smsOutbox.createdAt, before)).limit(BATCH);
      return (await ctx.db.delete(smsOutbox).where(inArray(smsOutbox.id, ids)).returning({ id: smsOutbox.id })).length;
    });
    return `删除短信发件记录 ${n} 条`;
  },

  // Uploads no business record points at (server/modules/files/references.ts), older than N hours
  // (at least a day, so a form being filled in keeps its fresh upload): record and object removed.
  async fileOrphanCleanup(ctx, params) {
    const before = new Date(ctx.now.getTime() - int(params.hours, 24) * 3_600_000);
    const n = await fileAdmin(ctx.db, ctx.objects ?? objectStoreFromEnv(), ctx.log).cleanOrphans(before, ctx.signal);
    return `删除孤儿文件 ${n} 个`;
  },

  // T+1 settlement of every tenant with settlement accounts; a second run the same day continues
  // that day's batch (and hands over what a stopped process left queued) instead of paying again.
  async settlementCycle(ctx, params) {
    const day = typeof params.day === 'string' ? params.day : cstDay(ctx.now);
    const settlement = new SettlementService(ledgerServiceFor(ctx.db));
    const tenants = await settlement.ledger.store.query<{ tenant_id: string }>(
      `SELECT DISTINCT tenant_id FROM accounts WHERE owner_kind = 'customer' AND account_type = 'settlement' ORDER BY tenant_id`,
    );
    let items = 0;
    for (const { tenant_id } of tenants) {
      if (ctx.signal.aborted) break;
      const c = { tenantId: tenant_id, actor: 'system' };
      await settlement.resume(c);
      items += (await settlement.run(c, { trigger: 'scheduled', day, idempotencyKey: `T1:${day}` })).items;
    }
    return `${day} 结算：${tenants.length} 个租户，发起出款 ${items} 笔`;
  },

  // The day's statement of every tenant the channel served that day (or already reconciled): matched
  // against our channel orders and ledger; the differences wait on 对账差错处理.
  async channelReconcile(ctx, params) {
    const day = typeof params.day === 'string' ? params.day : cstDay(ctx.now, -1);
    const recon = new ReconciliationService(ledgerServiceFor(ctx.db));
    const tenants = await recon.ledger.store.query<{ tenant_id: string }>(
      `SELECT tenant_id FROM channel_orders WHERE status = 'succeeded' AND updated_at >= $1 AND updated_at < $2
       UNION SELECT tenant_id FROM recon_days WHERE day = $3::date ORDER BY 1`,
      [dayBounds(day).from, dayBounds(day).to, day],
    );
    const parts: string[] = [];
    for (const { tenant_id } of tenants) {
      if (ctx.signal.aborted) break;
      const r = await recon.run({ tenantId: tenant_id, actor: 'system' }, day);
      parts.push(
        `租户${tenant_id}：对账单${r.statementLines}笔，匹配${r.matched}，我方缺失${r.missingOurs}，渠道缺失${r.missingTheirs}，金额不符${r.amountDiffers}`,
      );
    }
    return `${day} 对账完成${parts.length ? `；${parts.join('；')}` : '：当日无渠道交易'}`;
  },
};
