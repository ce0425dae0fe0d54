// Pure rules of issue 20: where a notification tap or action goes, the enterprise-chat webviews,
// the chat re-login that cannot loop, and sign-in redirects that never point at the sign-in page.
import { beforeEach, describe, expect, it } from 'vitest';
import { pushTarget } from '../../contract/api/pushWire';
import { CHAT_RELOGIN_LOOP_MS, claimChatRelogin } from '../../src/lib/chatRelogin';
import { loginRedirect } from '../../src/lib/navigation';
import { chatWebviewOf } from '../../src/lib/userAgent';

const ORIGIN = 'https://boss.example.com';

describe('notification targets', () => {
  it('opens the order; 驳回 opens it asking for the reason; never another origin', () => {
    expect(pushTarget({ url: '/approve/detail?id=a%2Fb' }, '', ORIGIN)).toBe(`${ORIGIN}/approve/detail?id=a%2Fb`);
    expect(pushTarget({ url: '/approve/detail?id=x' }, 'view', ORIGIN)).toBe(`${ORIGIN}/approve/detail?id=x`);
    expect(pushTarget({ url: '/approve/detail?id=x' }, 'reject', ORIGIN)).toBe(`${ORIGIN}/approve/detail?id=x&reject=1`);
    expect(pushTarget({ url: 'https://evil.example/phish' }, '', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pushTarget({ url: '//evil.example/phish' }, '', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pushTarget({ url: '' }, undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});

describe('enterprise-chat webviews', () => {
  it('recognises WeCom and DingTalk, and nothing else', () => {
    expect(chatWebviewOf('Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1')).toBe('wxwork');
    expect(chatWebviewOf('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 AliApp(DingTalk/7.5.10) com.laiwang.DingTalk')).toBe('dingtalk');
    expect(chatWebviewOf('Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.40 Mobile Safari/537.36')).toBeNull();
    expect(chatWebviewOf('Mozilla/5.0 (Windows NT 10.0) Chrome/130')).toBeNull();
  });
});

describe('chat re-login', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
  });

  it('signs in again automatically once; a second end right after is asked, later ones re-login again', () => {
    const t0 = Date.now();
    expect(claimChatRelogin(t0)).toBe(true);
    expect(claimChatRelogin(t0 + 5_000)).toBe(false);
    expect(claimChatRelogin(t0 + CHAT_RELOGIN_LOOP_MS + 1)).toBe(true);
  });

  it('a redirect to the sign-in page keeps where it was going instead of nesting', () => {
    expect(loginRedirect('/approve/list')).toBe('/user/login-admin?redirect=%2Fapprove%2Flist');
    expect(loginRedirect('/user/login-admin?redirect=%2Fapprove%2Flist')).toBe('/user/login-admin?redirect=%2Fapprove%2Flist');
    expect(loginRedirect('/user/login')).toBe('/user/login-admin');
  });
});
