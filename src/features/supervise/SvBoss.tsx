// 监管方（svBoss）：全部监管资金、待审批的放款与退款申请、预警，审批与冻结供应商放款 (page key 'supervise/SvBoss'). The lists and actions: SvPage.tsx.
import { SvPage } from './SvPage';

export default function SvBoss() {
  return <SvPage side="boss" />;
}
