// Standing split rules at work (issue 18 §2): an amount arriving on a customer account (a top-up's
// credit, a received payment or transfer) is split at once, in the transaction of its arrival, by the
// approved rule version of that account effective at that moment: ONE ledger entry (kind 'split', key
// split:<source entry>) moves the receivers' parts out of the account (the remainder account's part
// too when it is another account), and split_entries links it to the rule version. Allocation:
// contract/api/fee.ts standingSplit (the one-off distribution's). A split the ledger refuses (a
// receiver closed, the account frozen) leaves the money where it arrived: never the arrival itself.
import { standingSplit, type SplitReceiverInput } from '../../../contract/api/fee';
import { AppError } from '../../http/envelope';
import { requestHash } from '../ledger/hash';
import type { PostInput, PostedEntry } from '../ledger/posting';
import type { SqlConn } from '../ledger/store';
import { netLines } from './engine';

export type PostFn = (c: SqlConn, input: PostInput) => Promise<PostedEntry>;

interface RuleRow {
  id: string;
  version: number;
  mode: 'ratio' | 'fixed';
  receivers: SplitReceiverInput[] | string;
  remainder_acct_no: string;
}

/** The approved, enabled rule version of the account effective now, if any. */
async function ruleOf(c: SqlConn, tenantId: string, acctNo: string): Promise<RuleRow | null> {
  const [r] = await c.query<RuleRow & { enabled: boolean }>(
    `SELECT id, version, enabled, mode, receivers, remainder_acct_no FROM split_rules
      WHERE tenant_id = $1 AND source_acct_no = $2 AND status = 'approved' AND effective_from <= now()
      ORDER BY effective_from DESC, version DESC LIMIT 1`,
    [tenantId, acctNo],
  );
  return r && r.enabled ? r : null;
}

/** Whether any approved rule names the account (a cheap test before taking the slower path). */
export async function hasSplitRule(c: SqlConn, tenantId: string, acctNo: string): Promise<boolean> {
  const [r] = await c.query<{ ok: boolean }>(
    `SELECT true AS ok FROM split_rules WHERE tenant_id = $1 AND source_acct_no = $2 AND status = 'approved' LIMIT 1`,
    [tenantId, acctNo],
  );
  return !!r;
}

/**
 * Splits `amountFen` that has just arrived on `acctNo` by entry `sourceEntryId` (in the caller's
 * transaction). Answers the split entry, or null when no rule applies or the ledger refused it.
 */
export async function applySplitIn(
  c: SqlConn,
  post: PostFn,
  v: { tenantId: string; acctNo: string; amountFen: bigint; sourceEntryId: string; sourceKind: string; actor: string },
): Promise<PostedEntry | null> {
  if (v.amountFen <= 0n) return null;
  const rule = await ruleOf(c, v.tenantId, v.acctNo);
  if (!rule) return null;
  const receivers = typeof rule.receivers === 'string' ? (JSON.parse(rule.receivers) as SplitReceiverInput[]) : rule.receivers;
  const split = standingSplit(v.amountFen, rule.mode, receivers, rule.remainder_acct_no);
  if (!split.ok) return null;
  const lines = netLines([
    { accountNo: v.acctNo, amountFen: -v.amountFen, customerOnly: true },
    ...split.lines.map((l) => ({ accountNo: l.acctNo, amountFen: l.amountFen, customerOnly: true })),
  ]);
  if (lines.length < 2) return null;
  let entry: PostedEntry;
  try {
    entry = await post(c, {
      tenantId: v.tenantId,
      kind: 'split',
      actor: v.actor,
      reason: `分账规则第${rule.version}版`,
      idempotencyKey: `split:${v.sourceEntryId}`,
      requestHash: requestHash('split', { source: v.sourceEntryId, rule: rule.id }),
      lines,
      allowDisabledCustomer: true,
    });
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  if (entry.replayed) return entry;
  await c.query(
    `INSERT INTO split_entries (entry_id, tenant_id, rule_id, source_entry_id, source_kind, source_acct_no, amount, lines)
     VALUES ($1, $2, $3, $4, $5, $6, $7::bigint, $8::jsonb) ON CONFLICT DO NOTHING`,
    [
      entry.id,
      v.tenantId,
      rule.id,
      v.sourceEntryId,
      v.sourceKind,
      v.acctNo,
      v.amountFen.toString(),
      JSON.stringify(split.lines.map((l) => ({ acctNo: l.acctNo, amountFen: l.amountFen.toString(), remainder: l.remainder }))),
    ],
  );
  return entry;
}
