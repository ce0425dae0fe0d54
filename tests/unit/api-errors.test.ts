import { describe, expect, it } from 'vitest';
import { ApiError, isAccessTokenExpired, isInvalidTokenMessage, isUnreachable, messageForHttp, serverMessage } from '@/api/errors';
import { MSG } from '@contract/messages';

describe('HTTP error catalogue (spec §8)', () => {
  it('maps statuses to the spec texts', () => {
    expect(messageForHttp(403, null)).toBe('拒绝访问');
    expect(messageForHttp(404, null)).toBe('很抱歉，资源未找到!');
    expect(messageForHttp(504, null)).toBe('网络超时');
    expect(messageForHttp(0, null)).toBe('网络超时');
    expect(messageForHttp(401, null)).toBe('很抱歉，登录已过期，请重新登录');
    expect(messageForHttp(400, { success: false, message: '请输入用户名!' })).toBe('请输入用户名!');
    expect(messageForHttp(409, { status: { success: false, replyCode: '409', replyText: '冲突', errorMsg: '' } })).toBe('冲突');
  });
  it('recognises the expired-token text in both envelopes', () => {
    expect(isAccessTokenExpired({ success: false, message: MSG.accessTokenExpired })).toBe(true);
    expect(isAccessTokenExpired({ status: { replyText: MSG.accessTokenExpired } })).toBe(true);
    expect(isAccessTokenExpired({ message: MSG.tokenInvalid })).toBe(false);
    expect(isInvalidTokenMessage('Token失效，请重新登录')).toBe(true);
  });
  it('prefers errorMsg over replyText', () => {
    expect(serverMessage({ status: { replyText: 'a', errorMsg: 'b' } })).toBe('b');
    expect(serverMessage('x')).toBeUndefined();
  });
  it('tells a call the server never answered from an answer about the session', () => {
    expect(isUnreachable(new ApiError(MSG.offline, 0))).toBe(true);
    expect(isUnreachable(new ApiError(MSG.httpTimeout, 504))).toBe(true);
    expect(isUnreachable(new ApiError(MSG.http401, 401))).toBe(false);
    expect(isUnreachable(new ApiError('empty menu', 200))).toBe(false);
    expect(isUnreachable(new Error('empty menu'))).toBe(false);
  });
});
