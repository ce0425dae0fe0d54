// Pure rules of the configuration area: check rules (segments, messages, safe patterns), the
// structured stand-ins for SQL fragments, and the data-source host allow-list.
import { describe, expect, it } from 'vitest';
import { gatewayBody, dataSourceBody, fillRuleBody } from '@contract/api/config';
import { isSafePattern, normaliseName, parseCheckRules, parseEqualities, parseOrderBy, runCheckRules } from '@contract/api/configRules';
import { allowedHosts, hostAllowed, openPassword, sealPassword } from '../../server/modules/config/dataSourceAccess';

describe('check rules', () => {
  const rules = parseCheckRules(
    JSON.stringify([
      { digits: 1, pattern: '^[1-9]$', message: '首位不能是0' },
      { digits: '3', pattern: '^\\d{3}$', message: '第2到4位必须是数字' },
      { digits: '*', pattern: '^.{4}$', message: '必须是4位' },
    ]),
  );
  it('parses digits as numbers or *', () => {
    expect(rules.ok && rules.value.map((r) => r.digits)).toEqual([1, 3, '*']);
  });
  it('answers the first failing rule in order', () => {
    if (!rules.ok) throw new Error('rules');
    expect(runCheckRules(rules.value, '1234')).toBeNull();
    expect(runCheckRules(rules.value, '0234')).toBe('首位不能是0');
    expect(runCheckRules(rules.value, '12a4')).toBe('第2到4位必须是数字');
    expect(runCheckRules(rules.value, '12345')).toBe('必须是4位');
    expect(runCheckRules(rules.value, '')).toBe('首位不能是0');
  });
  it('counts characters, not UTF-16 units', () => {
    const r = parseCheckRules('[{"digits":2,"pattern":"^[\\u4e00-\\u9fa5]{2}$","message":"前两位必须是汉字"}]');
    if (!r.ok) throw new Error(r.message);
    expect(runCheckRules(r.value, '支付A')).toBeNull();
    expect(runCheckRules(r.value, 'A支付')).toBe('前两位必须是汉字');
  });
});

describe('safe patterns', () => {
  it.each(['^\\d{6}$', '^[A-Z]{2}\\d+$', '^(\\+86)?1\\d{10}$', '^(?:ab)+$', '^(a|b)?c$', '^[(*+)]+$', '^\\w+@\\w+\\.com$'])('accepts %s', (p) => {
    expect(isSafePattern(p)).toBe(true);
  });
  it.each(['(a+)+$', '(a*)*', '(a|aa)+', '(\\w+\\s?)*$', '((ab)*)+', '(.*){2,}', '(a)\\1', '(?<x>a)\\k<x>', '(a'])('refuses %s', (p) => {
    expect(isSafePattern(p)).toBe(false);
  });
});

describe('structured conditions and ordering', () => {
  it('takes a JSON object of equalities, nothing else', () => {
    expect(parseEqualities('{"status":"1","sex":[1,2],"ok":true}')).toEqual([
      { column: 'status', values: ['1'] },
      { column: 'sex', values: ['1', '2'] },
      { column: 'ok', values: ['1'] },
    ]);
    expect(parseEqualities({ a: 'x' })).toEqual([{ column: 'a', values: ['x'] }]);
    expect(parseEqualities('')).toEqual([]);
    for (const bad of ["status='1'", '[1]', '"x"', '{"a;b":"1"}', '{"a":{"$ne":1}}', '{"a":[]}', '{"a":null}']) expect(parseEqualities(bad), bad).toBeNull();
  });
  it('orders by one column, asc or desc', () => {
    expect(parseOrderBy('create_time desc')).toEqual({ column: 'create_time', dir: 'desc' });
    expect(parseOrderBy('name')).toEqual({ column: 'name', dir: 'asc' });
    expect(parseOrderBy('')).toBeUndefined();
    for (const bad of ['a,b', 'a; drop table x', 'a asc nulls first', '1', 'a desc --']) expect(parseOrderBy(bad), bad).toBeNull();
  });
  it('normalises snake and camel case alike', () => {
    expect(normaliseName('role_code')).toBe(normaliseName('roleCode'));
  });
});

describe('data source hosts and passwords', () => {
  it('allows loopback and the DATABASE_URL host, by literal comparison', () => {
    const allowed = allowedHosts('postgres://u@db.internal:5432/boss');
    expect(allowed).toContain('db.internal');
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', 'db.internal', 'DB.INTERNAL']) expect(hostAllowed(h, allowed), h).toBe(true);
    for (const h of ['10.0.0.1', '0.0.0.0', 'db.internal.evil.com', '127.0.0.1.nip.io', '169.254.169.254', '']) expect(hostAllowed(h, allowed), h).toBe(false);
    expect(allowedHosts(undefined)).toEqual(['127.0.0.1', 'localhost', '::1']);
  });
  it('seals passwords so that only the same secret opens them', () => {
    const one = Buffer.alloc(32, 1);
    const sealed = sealPassword('pässword', one);
    expect(sealed).not.toContain('pässword');
    expect(sealPassword('pässword', one)).not.toBe(sealed); // fresh IV each time
    expect(openPassword(sealed, one)).toBe('pässword');
    expect(() => openPassword(sealed, Buffer.alloc(32, 2))).toThrow();
  });
});

describe('form schemas', () => {
  it('validates gateway JSON, data source type and fill rule params', () => {
    const gw = { routerId: 'r', name: 'n', uri: 'http://x', predicates: '[]', filters: '', status: 1 };
    expect(gatewayBody.safeParse(gw).success).toBe(true);
    expect(gatewayBody.safeParse({ ...gw, predicates: '{}' }).success).toBe(false);
    expect(dataSourceBody.safeParse({ code: 'a', name: 'a', dbType: 'mysql', host: 'h', port: 1, database: 'd', username: 'u' }).success).toBe(false);
    expect(fillRuleBody.safeParse({ ruleCode: 'a', ruleName: 'a', ruleClass: 'RandomCodeRule', ruleParams: '{"length":8}' }).success).toBe(true);
    expect(fillRuleBody.safeParse({ ruleCode: 'a', ruleName: 'a', ruleClass: 'Evil', ruleParams: '' }).success).toBe(false);
  });
});
