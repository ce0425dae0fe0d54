// Pure rules of the configuration area, shared by the client (form validation, test dialogs) and
// the server: check rules (ordered regex segments with Chinese messages, compiled safely), and the
// structured stand-ins for the SQL fragments that jeecg-style clients send (sqlCondition, sqlOrderBy,
// tree condition). Nothing here produces SQL: these parse untrusted text into small values that
// the server then checks against its allow-lists.

export const PATTERN_MAX = 200;
export const CHECK_VALUE_MAX = 256;
export const CHECK_RULES_MAX = 20;

export interface CheckRule {
  digits: number | '*';
  pattern: string;
  message: string;
}
export type RuleParse<T> = { ok: true; value: T } | { ok: false; message: string };

export const RULE_MSG = {
  notArray: '规则必须是 JSON 数组，例如 [{"digits":"*","pattern":"^\\\\d+$","message":"只能输入数字"}]',
  empty: '至少需要一条规则',
  tooMany: `规则最多${CHECK_RULES_MAX}条`,
  badDigits: (i: number) => `第${i}条规则的位数必须是正整数或 *`,
  badMessage: (i: number) => `第${i}条规则缺少提示信息`,
  badPattern: (i: number) => `第${i}条规则的正则表达式无效`,
  longPattern: (i: number) => `第${i}条规则的正则表达式超过${PATTERN_MAX}个字符`,
  unsafePattern: (i: number) => `第${i}条规则的正则表达式含有嵌套重复或反向引用，可能导致回溯爆炸，请简化`,
  valueTooLong: `校验值不能超过${CHECK_VALUE_MAX}个字符`,
} as const;

/**
 * Refuses patterns that can backtrack exponentially: backreferences, and a repeated group that
 * itself contains a repetition or an alternation ((a+)+, (a|aa)*, (\w*)\{2,\}). Conservative on
 * purpose: a rejected pattern can always be written more plainly.
 */
export function isSafePattern(p: string): boolean {
  if (/\\[1-9]|\\k</.test(p)) return false;
  const stack: { inner: boolean }[] = [];
  let i = 0;
  // '?' is left out: an optional part does not multiply the ways to match.
  const quantAt = (j: number) => p[j] === '*' || p[j] === '+' || (p[j] === '{' && /^\{\d+(,\d*)?\}/.test(p.slice(j)));
  while (i < p.length) {
    const c = p[i];
    if (c === '\\') {
      i += 2;
      if (quantAt(i) && stack.length) stack[stack.length - 1].inner = true;
      continue;
    }
    if (c === '[') {
      // skip a character class; quantifier characters inside it are literals
      i++;
      if (p[i] === '^') i++;
      if (p[i] === ']') i++;
      while (i < p.length && p[i] !== ']') i += p[i] === '\\' ? 2 : 1;
      i++;
      if (quantAt(i) && stack.length) stack[stack.length - 1].inner = true;
      continue;
    }
    if (c === '(') {
      stack.push({ inner: false });
      i++;
      // group prefixes (?:  (?=  (?!  (?<=  (?<!  (?<name>
      const prefix = /^\?(:|=|!|<=|<!|<[A-Za-z]\w*>)/.exec(p.slice(i));
      if (prefix) i += prefix[0].length;
      continue;
    }
    if (c === ')') {
      const g = stack.pop();
      i++;
      if (!g) return false;
      if (quantAt(i)) {
        if (g.inner) return false;
        if (stack.length) stack[stack.length - 1].inner = true;
      } else if (g.inner && stack.length) stack[stack.length - 1].inner = true;
      continue;
    }
    if (c === '|' && stack.length) stack[stack.length - 1].inner = true;
    else if (quantAt(i) && i > 0 && stack.length) stack[stack.length - 1].inner = true;
    i++;
  }
  return stack.length === 0;
}

export function compilePattern(p: string): RegExp | null {
  if (p.length > PATTERN_MAX || !isSafePattern(p)) return null;
  try {
    return new RegExp(p, 'u');
  } catch {
    return null;
  }
}

/** Parses rule JSON text (ordered list of {digits, pattern, message}) and checks every pattern. */
export function parseCheckRules(text: string): RuleParse<CheckRule[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: RULE_MSG.notArray };
  }
  if (!Array.isArray(raw)) return { ok: false, message: RULE_MSG.notArray };
  if (raw.length === 0) return { ok: false, message: RULE_MSG.empty };
  if (raw.length > CHECK_RULES_MAX) return { ok: false, message: RULE_MSG.tooMany };
  const rules: CheckRule[] = [];
  for (const [idx, r] of raw.entries()) {
    const n = idx + 1;
    if (!r || typeof r !== 'object') return { ok: false, message: RULE_MSG.notArray };
    const { digits, pattern, message } = r as Record<string, unknown>;
    const d = digits === '*' ? '*' : typeof digits === 'number' ? digits : typeof digits === 'string' && /^\d+$/.test(digits) ? Number(digits) : NaN;
    if (d !== '*' && (!Number.isInteger(d) || d < 1 || d > CHECK_VALUE_MAX)) return { ok: false, message: RULE_MSG.badDigits(n) };
    if (typeof message !== 'string' || !message.trim() || message.length > 200) return { ok: false, message: RULE_MSG.badMessage(n) };
    if (typeof pattern !== 'string' || !pattern) return { ok: false, message: RULE_MSG.badPattern(n) };
    if (pattern.length > PATTERN_MAX) return { ok: false, message: RULE_MSG.longPattern(n) };
    if (!isSafePattern(pattern)) return { ok: false, message: RULE_MSG.unsafePattern(n) };
    if (!compilePattern(pattern)) return { ok: false, message: RULE_MSG.badPattern(n) };
    rules.push({ digits: d, pattern, message: message.trim() });
  }
  return { ok: true, value: rules };
}

/**
 * Runs the rules in order: a rule with digits N tests the next N characters of the value, a rule
 * with '*' tests the whole value. Answers the message of the first rule that fails, or null.
 */
export function runCheckRules(rules: CheckRule[], value: string): string | null {
  const chars = [...value];
  if (chars.length > CHECK_VALUE_MAX) return RULE_MSG.valueTooLong;
  let pos = 0;
  for (const r of rules) {
    const re = compilePattern(r.pattern);
    if (!re) return r.message;
    let part: string;
    if (r.digits === '*') part = value;
    else {
      part = chars.slice(pos, pos + r.digits).join('');
      pos += r.digits;
    }
    if (!re.test(part)) return r.message;
  }
  return null;
}

/** Equality conditions parsed from a JSON object: {"status":"1","sex":["1","2"]}. */
export type Equalities = { column: string; values: string[] }[];
const COLUMN_RX = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Accepts a JSON object (text or already parsed) of column → scalar or array of scalars, else null. */
export function parseEqualities(input: unknown): Equalities | null {
  let v: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return [];
    try {
      v = JSON.parse(input);
    } catch {
      return null;
    }
  }
  if (v === null || v === undefined) return [];
  if (typeof v !== 'object' || Array.isArray(v)) return null;
  const out: Equalities = [];
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 10) return null;
  for (const [column, raw] of entries) {
    if (!COLUMN_RX.test(column)) return null;
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length === 0 || list.length > 100) return null;
    const values: string[] = [];
    for (const x of list) {
      if (typeof x === 'string' && x.length <= 200) values.push(x);
      else if (typeof x === 'number' && Number.isFinite(x)) values.push(String(x));
      else if (typeof x === 'boolean') values.push(x ? '1' : '0');
      else return null;
    }
    out.push({ column, values });
  }
  return out;
}

/** "column", "column asc" or "column desc" (case-insensitive); anything else is null. */
export function parseOrderBy(input: string | null | undefined): { column: string; dir: 'asc' | 'desc' } | null | undefined {
  if (input === null || input === undefined || input.trim() === '') return undefined;
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]{0,63})(?:\s+(asc|desc))?\s*$/i.exec(input);
  if (!m) return null;
  return { column: m[1], dir: (m[2]?.toLowerCase() as 'asc' | 'desc' | undefined) ?? 'asc' };
}

/** Wire names may be snake_case or camelCase: both normalise to the same key. */
export const normaliseName = (s: string): string => s.replace(/_/g, '').toLowerCase();
