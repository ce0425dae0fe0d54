// The registry of real fill-rule generators (a fill rule names one by ruleClass). The order-number
// generator keeps its day and sequence in the rule's row and advances them in one UPDATE, so two
// requests (or two server processes) never receive the same number.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FillRuleClass } from '../../../contract/api/config';
import type { Db } from '../../db/client';
import { fillRules } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { compactParts } from '../../../contract/time';

type FillRuleRow = typeof fillRules.$inferSelect;
type Generator = (db: Db, rule: FillRuleRow, params: Record<string, unknown>, now: Date) => Promise<string>;

const prefix = z
  .string()
  .max(20, '前缀最多20个字符')
  .regex(/^[A-Za-z0-9_-]*$/, '前缀只能包含字母、数字、下划线和中划线')
  .default('');
const PARAMS = {
  OrderNumberRule: z.object({ prefix, digits: z.coerce.number().int().min(1).max(10).default(4) }),
  RandomCodeRule: z.object({ prefix, length: z.coerce.number().int().min(4).max(64).default(8) }),
  DatePrefixRule: z.object({ prefix, randomDigits: z.coerce.number().int().min(0).max(8).default(4) }),
} satisfies Record<FillRuleClass, z.ZodType>;

/** Date parts in the display zone (China time). */
const parts = compactParts;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no I, O, 0, 1: codes are read aloud and typed
const randomDigits = (n: number) => (n ? String(randomInt(0, 10 ** n)).padStart(n, '0') : '');

const GENERATORS: Record<FillRuleClass, Generator> = {
  async OrderNumberRule(db, rule, raw, now) {
    const p = PARAMS.OrderNumberRule.parse(raw);
    const { day } = parts(now);
    const [row] = await db
      .update(fillRules)
      .set({
        seqValue: sql`CASE WHEN ${fillRules.seqDay} = ${day} THEN ${fillRules.seqValue} + 1 ELSE 1 END`,
        seqDay: day,
      })
      .where(and(eq(fillRules.id, rule.id), eq(fillRules.tenantId, rule.tenantId)))
      .returning({ seq: fillRules.seqValue });
    if (!row) throw new AppError(404, '规则不存在');
    return `${p.prefix}${day}${String(row.seq).padStart(p.digits, '0')}`;
  },
  async RandomCodeRule(_db, _rule, raw) {
    const p = PARAMS.RandomCodeRule.parse(raw);
    let out = '';
    for (let i = 0; i < p.length; i++) out += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
    return `${p.prefix}${out}`;
  },
  async DatePrefixRule(_db, _rule, raw, now) {
    const p = PARAMS.DatePrefixRule.parse(raw);
    const { day, time } = parts(now);
    return `${p.prefix}${day}${time}${randomDigits(p.randomDigits)}`;
  },
};

/** Checks a rule's parameter text against its generator; answers a Chinese message or null. */
export function fillParamsProblem(ruleClass: FillRuleClass, text: string | null | undefined): string | null {
  let raw: unknown = {};
  if (text && text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      return '规则参数必须是 JSON 对象';
    }
  }
  const r = PARAMS[ruleClass].safeParse(raw);
  return r.success ? null : (r.error.issues[0]?.message ?? '规则参数有误');
}

export async function nextFillValue(db: Db, rule: FillRuleRow, now = new Date()): Promise<string> {
  const gen = GENERATORS[rule.ruleClass as FillRuleClass];
  if (!gen) throw new AppError(400, '未知的规则实现类');
  let raw: unknown = {};
  try {
    raw = rule.ruleParams ? JSON.parse(rule.ruleParams) : {};
  } catch {
    throw new AppError(400, '规则参数必须是 JSON 对象');
  }
  const problem = fillParamsProblem(rule.ruleClass as FillRuleClass, rule.ruleParams);
  if (problem) throw new AppError(400, problem);
  return gen(db, rule, (raw ?? {}) as Record<string, unknown>, now);
}
