// 客户（svCus）：本方被监管的资金、对应的供应商、已放款与退款记录，申请退还未交付部分 (page key 'supervise/SvCus'). The lists and actions: SvPage.tsx.
import { SvPage } from './SvPage';

export default function SvCus() {
  return <SvPage side="cus" />;
}
