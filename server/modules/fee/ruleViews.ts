// The wire views of fee and split rule versions (contract/api/fee.ts) and the SELECTs that read
// their rows with the customer's name: what rules.ts answers to its makers and checkers.
import {
  FEE_METHOD_TEXT,
  FEE_SCOPE_TEXT,
  FEE_TX_TEXT,
  RULE_STATUS_TEXT,
  feeDefInput,
  feeDefText,
  type FeeRuleView,
  type SplitReceiverInput,
  type SplitRuleView,
} from '../../../contract/api/fee';
import { formatFen, parseYuan } from '../../../contract/money';
import { FEE_RULE_COLS, defOf, type FeeRuleRow } from './engine';

/** Who reads a version: whether they may decide it (pending, not theirs, may approve). */
export interface RuleViewer {
  userId: string;
  canApprove: boolean;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The columns every rule version has: when it takes effect, and who proposed and decided it. */
interface DecidedRow {
  effective_from: Date | string;
  status: 'pending' | 'approved' | 'rejected';
  remark: string;
  maker_id: string;
  maker_name: string;
  approver_name: string | null;
  reject_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

/** A version's proposal and decision, as both views show them. */
function decisionOf(r: DecidedRow, viewer: RuleViewer) {
  return {
    effectiveFrom: iso(r.effective_from)!,
    status: r.status,
    statusText: RULE_STATUS_TEXT[r.status],
    remark: r.remark,
    makerId: r.maker_id,
    makerName: r.maker_name,
    approverName: r.approver_name,
    rejectReason: r.reject_reason,
    createdAt: iso(r.created_at)!,
    decidedAt: iso(r.decided_at),
    canDecide: r.status === 'pending' && r.maker_id !== viewer.userId && viewer.canApprove,
  };
}

export type FeeRuleRowNamed = FeeRuleRow & { scope_name: string | null };

export function feeRuleView(r: FeeRuleRowNamed, viewer: RuleViewer): FeeRuleView {
  const def = defOf(r);
  return {
    ruleId: r.id,
    scope: r.scope,
    scopeText: FEE_SCOPE_TEXT[r.scope],
    scopeRef: r.scope_ref,
    scopeName: r.scope === 'platform' ? '全部客户' : (r.scope_name ?? r.scope_ref),
    product: r.product,
    txType: r.tx_type,
    txTypeText: FEE_TX_TEXT[r.tx_type],
    version: Number(r.version),
    method: r.method,
    methodText: FEE_METHOD_TEXT[r.method],
    def: feeDefInput(def),
    text: feeDefText(def),
    ...decisionOf(r, viewer),
  };
}

export const NAMED_RULES = `SELECT ${FEE_RULE_COLS}, (SELECT cu.cus_name FROM customers cu WHERE r.scope = 'customer' AND cu.tenant_id = r.tenant_id AND cu.cus_code = r.scope_ref) AS scope_name
  FROM fee_rules r`;

export interface SplitRuleRow extends DecidedRow {
  id: string;
  cus_code: string;
  cus_name: string | null;
  version: number;
  enabled: boolean;
  source_acct_no: string;
  mode: 'ratio' | 'fixed';
  receivers: SplitReceiverInput[] | string;
  remainder_acct_no: string;
  effective_from: Date;
  created_at: Date;
  decided_at: Date | null;
}
export const SPLIT_SELECT = `SELECT s.id, s.cus_code, (SELECT cu.cus_name FROM customers cu WHERE cu.tenant_id = s.tenant_id AND cu.cus_code = s.cus_code) AS cus_name,
  s.version, s.enabled, s.source_acct_no, s.mode, s.receivers, s.remainder_acct_no, s.effective_from, s.status, s.remark, s.maker_id, s.maker_name,
  s.approver_name, s.reject_reason, s.created_at, s.decided_at FROM split_rules s`;

export function splitRuleText(mode: 'ratio' | 'fixed', receivers: SplitReceiverInput[], remainder: string, enabled: boolean): string {
  if (!enabled) return '停用分账';
  const parts = receivers.map((r) => (mode === 'ratio' ? `${r.acctNo} ${r.ratio}%` : `${r.acctNo} ${formatFen(parseYuan(r.amount) ?? 0n)}元`));
  return `${parts.join('，')}；余额归 ${remainder}`;
}

export function splitRuleView(r: SplitRuleRow, viewer: RuleViewer): SplitRuleView {
  const receivers = typeof r.receivers === 'string' ? (JSON.parse(r.receivers) as SplitReceiverInput[]) : r.receivers;
  return {
    ruleId: r.id,
    cusCode: r.cus_code,
    cusName: r.cus_name ?? r.cus_code,
    version: Number(r.version),
    enabled: r.enabled,
    sourceAcctNo: r.source_acct_no,
    mode: r.mode,
    modeText: r.mode === 'ratio' ? '按比例' : '固定金额',
    receivers,
    remainderAcctNo: r.remainder_acct_no,
    text: splitRuleText(r.mode, receivers, r.remainder_acct_no, r.enabled),
    ...decisionOf(r, viewer),
  };
}
