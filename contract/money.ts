// Money on the wire and in the ledger. The API speaks yuan strings ('12.30'); the server keeps
// integer fen in bigint. Parsing follows the §5 amount rule (RX.amount): positive, at most two
// decimals, no leading zero except '0.x'. One operation moves at most MAX_AMOUNT_FEN, so a typo of
// a few extra digits is refused instead of posted. Money is never a JS number past this file.
import { z } from 'zod';
import { RX, V } from './validation';

/** Largest amount of one operation: 100,000,000.00 yuan. */
export const MAX_AMOUNT_FEN = 10_000_000_000n;
export const AMOUNT_MSG = V.amount;

/** Yuan string → fen, or null when it breaks the amount rule (zero, negative, 3 decimals, huge, junk). */
export function parseYuan(input: unknown): bigint | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  if (s.length > 16 || !RX.amount.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const fen = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  if (fen <= 0n || fen > MAX_AMOUNT_FEN) return null;
  return fen;
}

/**
 * What a person typed or pasted as an amount → the text the amount rule judges. Surrounding spaces,
 * a leading '¥' and well-placed thousands separators ('1,234.5', as spreadsheets and bank statements
 * write amounts) are dropped; everything else stays as typed, so the rule refuses it with its own
 * message instead of the input changing silently ('01.5' stays '01.5', '1,23.4' stays '1,23.4').
 */
export function normalizeAmountText(input: string): string {
  const s = input.trim().replace(/^[¥￥]\s*/, '');
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s) ? s.replace(/,/g, '') : s;
}

/** Fen → yuan string with exactly two decimals ('-0.05', '1234.50'). */
export function formatFen(fen: bigint): string {
  const neg = fen < 0n;
  const abs = neg ? -fen : fen;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${cents}`;
}

/** Display form with thousands separators ('1,234.50'). */
export function formatYuanGrouped(fen: bigint): string {
  const [whole, cents] = formatFen(fen).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/**
 * A signed yuan amount as the server writes it or a grid cell holds it ('-1234.5', '0.00', 12.3)
 * → fen; null for anything else. For display and sums only: parseYuan is the rule for input.
 */
export function yuanToFen(value: unknown): bigint | null {
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const fen = BigInt(m[2]!) * 100n + BigInt(((m[3] ?? '') + '00').slice(0, 2));
  return m[1] ? -fen : fen;
}

/** Sum of the items' yuan amounts in fen (bigint, never JS numbers); an amount that is not one counts 0. */
export function sumFen(items: readonly { amount: string | null | undefined }[]): bigint {
  return items.reduce((sum, i) => sum + (yuanToFen(i.amount) ?? 0n), 0n);
}

/** Fen → '¥1,234.50' / '-¥1,234.50'. */
export const fenText = (fen: bigint): string => (fen < 0n ? `-¥${formatYuanGrouped(-fen)}` : `¥${formatYuanGrouped(fen)}`);

/** A yuan string → '¥1,234.50' / '-¥1,234.50'; text that is not an amount as it came ('' for none). */
export function yuanText(yuan: string | null | undefined): string {
  const fen = yuanToFen(yuan);
  return fen === null ? (yuan ?? '') : fenText(fen);
}

/**
 * A yuan amount for a column already titled in 元 ('结算金额（元）'): grouped without the sign
 * ('1,234.50'); '—' for none; text that is not an amount as it came.
 */
export function yuanCell(yuan: unknown): string {
  if (yuan === null || yuan === undefined || yuan === '') return '—';
  const fen = yuanToFen(yuan);
  if (fen === null) return String(yuan);
  return fen < 0n ? `-${formatYuanGrouped(-fen)}` : formatYuanGrouped(fen);
}

/** zod field of a required amount: a yuan string that parseYuan accepts; the message is the §5 one. */
export const amountField = z
  .string({ error: AMOUNT_MSG })
  .trim()
  .refine((s) => parseYuan(s) !== null, AMOUNT_MSG)
  .describe('金额（元，字符串）：大于0，最多两位小数，单笔不超过100000000.00，如 "12.30"');

/** A chart axis tick of a yuan amount: 万 from ten thousand on, so that five ticks fit a narrow chart. */
export const yuanTick = (yuan: number): string => (Math.abs(yuan) >= 10_000 ? `${yuan / 10_000}万` : String(yuan));
