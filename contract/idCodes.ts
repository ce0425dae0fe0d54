// Check characters of the two identity codes a customer carries (spec §5 national ID; issue 17 §1):
// the unified social credit code of GB 32100-2015 (18 characters, the last one a MOD 31 check over
// the first 17) and the resident national ID of GB 11643 (18 digits with an ISO 7064 MOD 11-2 check
// digit, or the old 15-digit form). Pure, so the browser refuses early with the server's words.
import { z } from 'zod';
import { V } from './validation';

export const CREDIT_CODE_MSG = '请输入正确的统一社会信用代码!';

/** GB 32100-2015 characters: digits and capital letters without I, O, S, V, Z. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters of a credit code (null when one is not allowed). */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CHARS.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * CREDIT_WEIGHTS[i];
  }
  return CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

export function isCreditCode(code: string): boolean {
  const s = code.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(s)) return false;
  return creditCodeCheckChar(s.slice(0, 17)) === s[17];
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The MOD 11-2 check digit of the first 17 digits of an 18-digit national ID. */
export function nationalIdCheckDigit(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

function realDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && t.getTime() <= Date.now();
}

/** 18 digits (last may be X) with a right check digit and a real birth date, or 15 digits with a real 19yy birth date. */
export function isNationalId(id: string): boolean {
  const s = id.trim().toUpperCase();
  if (/^\d{17}[\dX]$/.test(s)) {
    const y = Number(s.slice(6, 10));
    return y >= 1900 && realDate(y, Number(s.slice(10, 12)), Number(s.slice(12, 14))) && nationalIdCheckDigit(s.slice(0, 17)) === s[17];
  }
  if (/^\d{15}$/.test(s)) return realDate(1900 + Number(s.slice(6, 8)), Number(s.slice(8, 10)), Number(s.slice(10, 12)));
  return false;
}

/** Zod fields with the §5 messages; values are normalised to capitals. */
export const creditCodeField = z
  .string({ error: CREDIT_CODE_MSG })
  .trim()
  .toUpperCase()
  .refine((s) => isCreditCode(s), CREDIT_CODE_MSG);
export const nationalIdField = z
  .string({ error: V.nationalId })
  .trim()
  .toUpperCase()
  .refine((s) => isNationalId(s), V.nationalId);
