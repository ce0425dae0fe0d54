// Image captchas demanded after repeated sign-in failures: the answer is stored hashed, lives
// two minutes and is consumed by the first attempt, right or wrong.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { captchaSvg, svgDataUrl } from '../../lib/captcha-svg';
import { sha256 } from '../../lib/tokens';

export const CAPTCHA_LIFETIME_MS = 2 * 60 * 1000;
const answerHash = (checkKey: string, answer: string) => sha256(`${checkKey}:${answer.trim().toUpperCase()}`);

/** Issues (or re-issues) the captcha of `checkKey`; returns the SVG as a data URL. */
export async function issueCaptcha(db: Db, checkKey: string, text: string): Promise<string> {
  const row = { answerHash: answerHash(checkKey, text), expiresAt: new Date(Date.now() + CAPTCHA_LIFETIME_MS), usedAt: null };
  await db
    .insert(captchas)
    .values({ checkKey, ...row })
    .onConflictDoUpdate({ target: captchas.checkKey, set: row });
  return svgDataUrl(captchaSvg(text));
}

/** 'ok', or why the answer was refused. The captcha is used up either way. */
export async function consumeCaptcha(db: Db, checkKey: string, answer: string): Promise<'ok' | 'wrong' | 'expired'> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.checkKey, checkKey), isNull(captchas.usedAt)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return 'expired';
  return row.answerHash === answerHash(checkKey, answer) ? 'ok' : 'wrong';
}
