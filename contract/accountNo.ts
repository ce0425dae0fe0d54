// Account numbers: 'BS' + 16 digits + 2 check digits (ISO 7064 MOD 97-10 over the 16 digits, as
// IBAN does: the number with its check digits is ≡ 1 mod 97). Any single wrong digit and any swap
// of two adjacent digits is caught. Used by the server when it opens an account and by forms.
export const ACCOUNT_NO_PREFIX = 'BS';
export const ACCOUNT_NO_RX = /^BS\d{18}$/;
export const ACCOUNT_NO_MSG = '请输入正确的账号';

function mod97(digits: string): number {
  let r = 0;
  for (const ch of digits) r = (r * 10 + (ch.charCodeAt(0) - 48)) % 97;
  return r;
}

/** Check digits of a 16-digit body. */
export function accountCheckDigits(body: string): string {
  if (!/^\d{16}$/.test(body)) throw new Error('account number body must be 16 digits');
  return String(98 - mod97(`${body}00`)).padStart(2, '0');
}

export function makeAccountNo(body: string): string {
  return `${ACCOUNT_NO_PREFIX}${body}${accountCheckDigits(body)}`;
}

export function isValidAccountNo(no: string): boolean {
  return ACCOUNT_NO_RX.test(no) && mod97(no.slice(2)) === 1;
}

/** A random body (first digit non-zero); the caller retries on a uniqueness clash. */
export function randomAccountBody(random: () => number = Math.random): string {
  let s = String(1 + Math.floor(random() * 9));
  while (s.length < 16) s += String(Math.floor(random() * 10));
  return s;
}
