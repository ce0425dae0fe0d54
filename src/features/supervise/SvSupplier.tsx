// 供应商（svSupplier）：本方在各客户、合同下的监管余额，提交附交付证明的放款申请并跟踪审批 (page key 'supervise/SvSupplier'). The lists and actions: SvPage.tsx.
import { SvPage } from './SvPage';

export default function SvSupplier() {
  return <SvPage side="supplier" />;
}
