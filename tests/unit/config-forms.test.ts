// The configuration forms as data: initial values from a record, wire values, and per-field
// messages from the same contract schemas the server applies.
import { describe, expect, it } from 'vitest';
import { PASSWORD_MASK } from '@contract/api/config';
import { formatJson, initialValues, validate, wireValues } from '@/features/config/formSpec';
import { CHECK_RULE_FORM, DATA_SOURCE_FORM, dictItemForm, GATEWAY_FORM, TENANT_FORM } from '@/features/config/forms';

describe('config forms', () => {
  it('starts a new record from the defaults and an existing one from the record, choices as strings', () => {
    expect(initialValues(TENANT_FORM, null)).toEqual({ name: '', domain: '', status: '1' });
    expect(initialValues(TENANT_FORM, { id: '2', name: '华南', domain: null, status: 0 })).toEqual({ name: '华南', domain: '', status: '0' });
  });

  it('sends numbers as numbers and the hidden dictionary id of an item', () => {
    const spec = dictItemForm('dict-1');
    expect(wireValues(spec, { ...initialValues(spec, null), itemText: '银联', itemValue: 'UP', sortOrder: '3' }, null)).toMatchObject({
      dictId: 'dict-1',
      sortOrder: 3,
      status: 1,
      itemValue: 'UP',
    });
  });

  it('answers the contract messages per field', () => {
    expect(validate(TENANT_FORM, { name: '', status: '1' }, null).name).toBe('请输入租户名称!');
    const gw = { ...initialValues(GATEWAY_FORM, null), routerId: 'r', name: 'n', uri: 'lb://svc', predicates: '{"name":"Path"}' };
    expect(validate(GATEWAY_FORM, gw, null)).toEqual({ predicates: '断言必须是合法的 JSON 数组' });
    expect(
      validate(
        CHECK_RULE_FORM,
        { ...initialValues(CHECK_RULE_FORM, null), ruleCode: 'a', ruleName: 'b', ruleJson: '[{"digits":"*","pattern":"(a+)+","message":"x"}]' },
        null,
      ).ruleJson,
    ).toMatch(/回溯/);
    expect(validate(CHECK_RULE_FORM, { ...initialValues(CHECK_RULE_FORM, null), ruleCode: 'a', ruleName: 'b' }, null)).toEqual({});
  });

  it('keeps the masked password as the mask, which the server reads as "unchanged"', () => {
    const rec = {
      id: 'x',
      code: 'c',
      name: 'n',
      dbType: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      database: 'd',
      username: 'u',
      password: PASSWORD_MASK,
      remark: '',
    };
    expect(wireValues(DATA_SOURCE_FORM, initialValues(DATA_SOURCE_FORM, rec), rec)).toMatchObject({ password: PASSWORD_MASK, port: 5432 });
  });

  it('pretty-prints JSON for the monospace editors and leaves broken text alone', () => {
    expect(formatJson('[{"a":1}]')).toBe('[\n  {\n    "a": 1\n  }\n]');
    expect(formatJson('[oops')).toBe('[oops');
  });
});
