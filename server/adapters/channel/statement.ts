// The channel's daily statement (对账单): what the provider believes happened on a day, as the
// file a real provider leaves for download. The simulator writes it from the orders it completed
// (our channel orders that succeeded that day, by their completion time in China Standard Time),
// with its fee per line, and with deliberate discrepancies on a deterministic rule so
// reconciliation has something to find:
//   - lines sorted by reference; the line at position i (from 0) with i % every === 1 is left out
//     (a record the provider does not have: 渠道缺失);
//   - the line with i % every === 2 carries one fen more than the order (金额不符);
//   - one line per non-empty day that we never sent (我方缺失): reference SIMX<yyyymmdd>0001.
// `every` is CHANNEL_STATEMENT_EVERY (default 20). A statement, once written, never changes
// (a re-download gives the same file), so re-running a day's reconciliation gives the same result.
// Format: CSV with a header, one line per record: ref,order_id,kind,amount_fen,fee_fen,finished_at.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SqlConn } from '../../modules/ledger/store';

export interface StatementLine {
  ref: string;
  orderId: string;
  kind: string;
  amountFen: bigint;
  feeFen: bigint;
  finishedAt: string;
}

export const STATEMENT_HEADER = 'ref,order_id,kind,amount_fen,fee_fen,finished_at';

export function statementDir(): string {
  return path.resolve(process.env.CHANNEL_STATEMENT_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'channel-statements'));
}

const every = () => Math.max(3, Number(process.env.CHANNEL_STATEMENT_EVERY ?? 20) || 20);

/** The start and end (exclusive) of a calendar day in China Standard Time. */
export function dayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00+08:00`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The provider's fee of a line: 0.1 % of the amount, half up, at least one fen. */
export function providerFee(amountFen: bigint): bigint {
  const fee = (amountFen + 500n) / 1000n;
  return fee < 1n ? 1n : fee;
}

export function statementPath(tenantId: string, day: string, dir = statementDir()): string {
  if (!/^[\w-]{1,64}$/.test(tenantId) || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('statement: bad tenant or day');
  return path.join(dir, tenantId, `${day}.csv`);
}

/** What the provider completed on the day, with the rule's discrepancies. */
export async function statementLines(c: SqlConn, tenantId: string, day: string): Promise<StatementLine[]> {
  const { from, to } = dayBounds(day);
  const rows = await c.query<{ id: string; kind: string; amount: string; channel_ref: string; updated_at: Date }>(
    `SELECT id, kind, amount::text, channel_ref, updated_at FROM channel_orders
      WHERE tenant_id = $1 AND status = 'succeeded' AND updated_at >= $2 AND updated_at < $3 AND channel_ref IS NOT NULL ORDER BY channel_ref`,
    [tenantId, from, to],
  );
  const n = every();
  const lines: StatementLine[] = [];
  rows.forEach((r, i) => {
    if (i % n === 1) return;
    const amount = BigInt(r.amount) + (i % n === 2 ? 1n : 0n);
    lines.push({
      ref: r.channel_ref,
      orderId: r.id,
      kind: r.kind,
      amountFen: amount,
      feeFen: providerFee(amount),
      finishedAt: new Date(r.updated_at).toISOString(),
    });
  });
  if (rows.length) {
    const amount = 12_345n;
    lines.push({
      ref: `SIMX${day.replace(/-/g, '')}0001`,
      orderId: '',
      kind: 'charge',
      amountFen: amount,
      feeFen: providerFee(amount),
      finishedAt: `${day}T04:00:00.000Z`,
    });
  }
  return lines;
}

/** Writes the day's statement unless the provider already has (then the existing file stands); returns its path. */
export async function writeDailyStatement(c: SqlConn, tenantId: string, day: string, dir = statementDir()): Promise<string> {
  const file = statementPath(tenantId, day, dir);
  if (existsSync(file)) return file;
  const lines = await statementLines(c, tenantId, day);
  const text = [STATEMENT_HEADER, ...lines.map((l) => [l.ref, l.orderId, l.kind, l.amountFen, l.feeFen, l.finishedAt].join(','))].join('\n') + '\n';
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, file);
  return file;
}

/** Parses a statement file; a malformed line throws with its line number. */
export async function readStatement(file: string): Promise<{ text: string; lines: StatementLine[] }> {
  const text = await readFile(file, 'utf8');
  const rows = text.split('\n');
  if (rows[0]?.trim() !== STATEMENT_HEADER) throw new Error('表头不符');
  const lines: StatementLine[] = [];
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i].trim();
    if (!row) continue;
    const f = row.split(',');
    if (f.length !== 6 || !f[0] || !/^\d+$/.test(f[3]) || !/^\d+$/.test(f[4])) throw new Error(`第${i + 1}行格式错误`);
    lines.push({ ref: f[0], orderId: f[1], kind: f[2], amountFen: BigInt(f[3]), feeFen: BigInt(f[4]), finishedAt: f[5] });
  }
  return { text, lines };
}
