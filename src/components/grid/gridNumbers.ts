// Number cells and column statistics of the shared editable grid (spec §3 grid column): what a
// number cell keeps while typing and on blur, and the summary row's sums and averages, exact in
// bigint (money in fen). Unit-tested in tests/unit/grid-rules.test.ts and grid-columns.test.ts.
import { formatYuanGrouped, normalizeAmountText, yuanToFen } from '@contract/money';
import type { GridColumn, GridRow } from './gridTypes';

/**
 * What a number cell keeps while typing: digits with one '.', a leading '-', or empty; anything else
 * reverts to `previous`. Money cells also keep thousands separators and a leading '¥' (a pasted
 * '1,234.5' is an amount, not noise); blur decides what they mean.
 */
export function acceptNumberInput(previous: string, next: string, money = false): string {
  const ok = money ? /^\s*[¥￥]?[\d,]*(\.\d*)?\s*$/ : /^-?\d*(\.\d*)?$/;
  return ok.test(next) ? next : previous;
}

/**
 * Number cell on blur: a number, or '' when nothing numeric is left ('-', '.', ''). Money cells keep
 * the typed text with only separators dropped (normalizeAmountText): the amount rule judges it and
 * shows its message, so '01.5' is refused rather than silently turned into 1.5.
 */
export function numberOnBlur(text: string, money = false): number | string {
  if (money) return normalizeAmountText(text);
  const t = text.trim();
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(t)) return '';
  const n = Number(t);
  return Number.isFinite(n) ? n : '';
}

/** The numeric cells of a column as one scaled bigint total: money in fen (scale 2), plain numbers at their widest decimals. */
function scaledTotal(rows: readonly GridRow[], col: Pick<GridColumn, 'key' | 'money'>): { total: bigint; scale: number; count: number } {
  if (col.money) {
    let total = 0n;
    let count = 0;
    for (const r of rows) {
      const fen = yuanToFen(r[col.key]);
      if (fen === null) continue;
      total += fen;
      count++;
    }
    return { total, scale: 2, count };
  }
  // Plain numbers in scaled integers so 0.1 + 0.2 shows 0.3.
  let scale = 0;
  const parts: string[] = [];
  for (const r of rows) {
    const v = r[col.key];
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (!/^-?\d+(\.\d+)?$/.test(s)) continue;
    parts.push(s);
    scale = Math.max(scale, (s.split('.')[1] ?? '').length);
  }
  let total = 0n;
  for (const s of parts) {
    const [w, f = ''] = s.replace('-', '').split('.');
    const n = BigInt(w!) * 10n ** BigInt(scale) + BigInt((f + '0'.repeat(scale)).slice(0, scale) || '0');
    total += s.startsWith('-') ? -n : n;
  }
  return { total, scale, count: parts.length };
}

function scaledText(total: bigint, scale: number): string {
  const neg = total < 0n;
  const abs = (neg ? -total : total).toString().padStart(scale + 1, '0');
  const text = scale ? `${abs.slice(0, -scale)}.${abs.slice(-scale)}` : abs;
  return `${neg ? '-' : ''}${text}`;
}

/** Integer division rounding half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) >= d) return q + (n < 0n ? -1n : 1n);
  return q;
}

/** Summary row value of a column: money sums in bigint fen ('1,234.50'); other numbers as numbers. Non-numeric cells are skipped. */
export function sumColumn(rows: readonly GridRow[], col: Pick<GridColumn, 'key' | 'money'>): { fen?: bigint; text: string } {
  const { total, scale } = scaledTotal(rows, col);
  if (col.money) return { fen: total, text: formatYuanGrouped(total) };
  return { text: scaledText(total, scale) };
}

/**
 * Summary row average of a column over its numeric cells (empty and non-numeric cells do not count):
 * money to the fen ('1,234.50'), plain numbers to 2 decimals, rounded half away from zero; '' with no numbers.
 */
export function averageColumn(rows: readonly GridRow[], col: Pick<GridColumn, 'key' | 'money'>): { fen?: bigint; text: string } {
  const { total, scale, count } = scaledTotal(rows, col);
  if (!count) return { text: '' };
  if (col.money) {
    const fen = divRound(total, BigInt(count));
    return { fen, text: formatYuanGrouped(fen) };
  }
  // To 2 decimals: total / 10^scale / count, computed as total * 100 / (10^scale * count).
  return { text: scaledText(divRound(total * 100n, 10n ** BigInt(scale) * BigInt(count)), 2) };
}
