// Live state on the notification socket (issue 14 §2): the database announces each committed change
// of what open screens show on the topic channel 'boss_live' (migration 0016's trigger, whichever
// process made the change); every process forwards each notice to its own sockets of the notice's
// tenant whose user may see the thing, as {cmd:'live', kind, id, status, tenant}. Who may see it is
// the kind's audience rule (AUDIENCES); a kind without one reaches nobody. When the listener was
// lost, notices may be missing: every socket of this process gets {cmd:'live', kind:'resync'} so
// its screens reload.
import { LIVE_RESYNC, type LivePush } from '../../contract/api/message';
import { cusInnetAudience, type CusInnetNotice } from '../modules/cus/liveAudience';
import { payOrderAudience, type PayOrderNotice } from '../modules/pay/liveAudience';
import { settleAudience } from '../modules/settle/liveAudience';
import { superviseAudience, type SuperviseNotice } from '../modules/supervise/liveAudience';
import { FEE_PERMS } from '../../contract/api/fee';
import { MONITOR_LIVE_KIND, MONITOR_PERMS } from '../../contract/api/monitor';

/** Fee and split rules (issue 18): operators of the tenant who may read the rules (customer-side users never see rule lists). */
const feeRuleAudience = async (viewer: SocketViewer, n: Notice, allows: Allows, permission: string) =>
  viewer.tenantId === n.tenant && viewer.cusCode === null && allows(viewer.userId, n.tenant, permission);
/** 系统监控 changed (server/modules/monitor): users of the notice's (platform) tenant who may view the page; the notice carries no figure. */
export const monitorAudience = async (viewer: SocketViewer, n: Notice, allows: Allows) =>
  viewer.tenantId === n.tenant && viewer.cusCode === null && allows(viewer.userId, n.tenant, MONITOR_PERMS.view);
import { TOPIC_CHANNELS, type Broker } from './broker';
import type { NotifyHub, SocketViewer } from './notifyHub';

/** Whether the permission expression (codes separated by commas: any one) holds for the user in the tenant. */
export type Allows = (userId: string, tenantId: string, permission: string) => Promise<boolean>;

export interface Notice {
  kind: string;
  id: string;
  tenant: string;
  status: string;
}
type Audience = (viewer: SocketViewer, notice: Notice, allows: Allows) => Promise<boolean>;

const AUDIENCES: Record<string, Audience> = {
  payOrder: (viewer, notice, allows) => payOrderAudience(viewer, notice as unknown as PayOrderNotice, allows),
  cusInnet: (viewer, notice, allows) => cusInnetAudience(viewer, notice as unknown as CusInnetNotice, allows),
  settle: (viewer, notice, allows) => settleAudience(viewer, notice, allows),
  supervise: (viewer, notice, allows) => superviseAudience(viewer, notice as unknown as SuperviseNotice, allows),
  feeRule: (viewer, notice, allows) => feeRuleAudience(viewer, notice, allows, FEE_PERMS.view),
  splitRule: (viewer, notice, allows) => feeRuleAudience(viewer, notice, allows, FEE_PERMS.splitView),
  [MONITOR_LIVE_KIND]: monitorAudience,
};

export function parseLiveNotice(payload: string): Notice | null {
  try {
    const n = JSON.parse(payload) as Partial<Notice>;
    if (typeof n.kind !== 'string' || typeof n.id !== 'string' || typeof n.tenant !== 'string' || typeof n.status !== 'string') return null;
    return n as Notice;
  } catch {
    return null;
  }
}

/** What a socket is told: nothing of the audience fields. */
export const livePushOf = (n: Notice): LivePush => ({ cmd: 'live', kind: n.kind, id: n.id, status: n.status, tenant: n.tenant });

/** Forwards the broker's live notices to the hub's sockets, in the order they came. */
export function wireLiveFeed(broker: Broker, hub: NotifyHub, allows: Allows, onError: (err: Error) => void): void {
  let queue: Promise<unknown> = Promise.resolve();
  broker.onTopic(TOPIC_CHANNELS.live, (payload) => {
    queue = queue
      .then(async () => {
        if (payload === null) return hub.deliverWhere(null, async () => true, { cmd: 'live', kind: LIVE_RESYNC, id: '', status: '', tenant: '' });
        const notice = parseLiveNotice(payload);
        const audience = notice && AUDIENCES[notice.kind];
        if (!notice || !audience) return 0;
        return hub.deliverWhere(notice.tenant, (viewer) => audience(viewer, notice, allows), { ...livePushOf(notice) });
      })
      .catch(onError);
  });
}
