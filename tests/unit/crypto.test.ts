// Wire encodings of spec §7 and §9 (contract/crypto.ts): the request signature and the
// AES-ECB login-password encoding.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOGIN_AES_KEY,
  DEFAULT_SIGN_SECRET,
  decodePassword,
  encodePassword,
  parseSignTimestamp,
  signRequest,
  signTimestamp,
} from '../../contract/crypto';

const md5Upper = (s: string) => createHash('md5').update(s).digest('hex').toUpperCase();

describe('signRequest', () => {
  it('matches a known vector: sorted keys, JSON, secret appended, MD5 upper case', () => {
    const expected = md5Upper('{"a":"1","b":2,"c":"x"}' + DEFAULT_SIGN_SECRET);
    expect(signRequest({ c: 'x' }, { b: 2, a: '1' })).toBe(expected);
    expect(signRequest({}, { username: 'admin' }, 'secret')).toBe(md5Upper('{"username":"admin"}secret'));
    expect(signRequest({}, {})).toBe(md5Upper('{}' + DEFAULT_SIGN_SECRET));
  });
  it('does not depend on key order', () => {
    expect(signRequest({ z: '1', a: '2' }, { m: 1, b: [1, 2] })).toBe(signRequest({ a: '2', z: '1' }, { b: [1, 2], m: 1 }));
  });
  it('treats query values as strings, and drops undefined and null query values', () => {
    expect(signRequest({ pageNo: 1 }, {})).toBe(signRequest({ pageNo: '1' }, {}));
    expect(signRequest({ pageNo: 1 }, {})).toBe(md5Upper('{"pageNo":"1"}' + DEFAULT_SIGN_SECRET));
    expect(signRequest({ a: undefined, b: null }, {})).toBe(signRequest({}, {}));
  });
  it('payload fields win over query fields of the same name; arrays as payload are ignored', () => {
    expect(signRequest({ a: 'q' }, { a: 'p' })).toBe(signRequest({}, { a: 'p' }));
    expect(signRequest({}, [1, 2])).toBe(signRequest({}, {}));
  });
  it('changes with the secret and with any value', () => {
    expect(signRequest({}, { a: 1 }, 'one')).not.toBe(signRequest({}, { a: 1 }, 'two'));
    expect(signRequest({}, { a: 1 })).not.toBe(signRequest({}, { a: 2 }));
  });
});

describe('sign timestamp', () => {
  it('is yyyyMMddHHmmss in UTC and parses back', () => {
    const d = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(signTimestamp(d)).toBe('20260102030405');
    expect(parseSignTimestamp('20260102030405')).toBe(d.getTime());
  });
  it('rejects malformed and impossible dates', () => {
    for (const s of ['', '2026-01-02', '2026010203040', '20261302030405', '20260230000000', 'abcdefghijklmn']) expect(parseSignTimestamp(s)).toBeNaN();
  });
});

describe('password encoding', () => {
  it('round-trips, including non-ASCII and special characters', () => {
    for (const p of ['Demo@2026', '密码Ab1!', ' spaced out ', 'x'.repeat(100)]) {
      const enc = encodePassword(p);
      expect(enc).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(decodePassword(enc)).toBe(p);
    }
  });
  it('is AES-128-ECB: same input and key give the same text; the key matters', () => {
    expect(encodePassword('Demo@2026')).toBe(encodePassword('Demo@2026', DEFAULT_LOGIN_AES_KEY));
    const other = 'AnotherKey123456';
    expect(encodePassword('Demo@2026', other)).not.toBe(encodePassword('Demo@2026'));
    expect(decodePassword(encodePassword('Demo@2026', other), DEFAULT_LOGIN_AES_KEY)).not.toBe('Demo@2026');
  });
  it('returns null for bad input instead of throwing', () => {
    for (const bad of ['', 'not base64!', 'AAAA', encodePassword('x').slice(0, 10), '%%%%']) expect(decodePassword(bad)).toBeNull();
  });
});
