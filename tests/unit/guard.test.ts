import { describe, expect, it } from 'vitest';
import { afterLoginTarget, decideGuard, isPublicPath, loginRedirect } from '@/app/router/guard';

describe('route guard (spec §2)', () => {
  const base = { permissionsLoaded: false };
  it('sends a signed-in user away from login and register to home', () => {
    for (const path of ['/user/login-admin', '/user/login', '/user/register']) {
      expect(decideGuard({ ...base, path, fullPath: path, hasToken: true })).toEqual({ kind: 'redirect', to: '/Home' });
    }
  });
  it('keeps the redirect query when the token lands while still on a sign-in page', () => {
    const path = '/user/login-admin';
    expect(decideGuard({ ...base, path, fullPath: `${path}?redirect=%2FHome%3Ftab%3Dapps`, hasToken: true })).toEqual({
      kind: 'redirect',
      to: '/Home?tab=apps',
    });
    expect(decideGuard({ ...base, path, fullPath: `${path}?redirect=%2F%2Fevil.example`, hasToken: true })).toEqual({ kind: 'redirect', to: '/Home' });
  });
  it('loads permissions once when the list is empty, then passes', () => {
    expect(decideGuard({ path: '/account/center', fullPath: '/account/center', hasToken: true, permissionsLoaded: false })).toEqual({
      kind: 'load-permissions',
    });
    expect(decideGuard({ path: '/account/center', fullPath: '/account/center', hasToken: true, permissionsLoaded: true })).toEqual({ kind: 'pass' });
  });
  it('lets public paths through without a token and sends others to login with the full path', () => {
    for (const path of ['/user/login-admin', '/user/loginPwdReset', '/oauth2-app/login', '/test/home', '/403', '/404', '/500']) {
      expect(decideGuard({ ...base, path, fullPath: path, hasToken: false })).toEqual({ kind: 'pass' });
    }
    expect(decideGuard({ ...base, path: '/account/center', fullPath: '/account/center?x=1', hasToken: false })).toEqual({
      kind: 'redirect',
      to: '/user/login-admin?redirect=%2Faccount%2Fcenter%3Fx%3D1',
    });
  });
  it('treats only whole path segments as public', () => {
    expect(isPublicPath('/username')).toBe(false);
    expect(isPublicPath('/4040')).toBe(false);
    expect(isPublicPath('/user/x')).toBe(true);
  });
  it('follows only local redirect targets after sign-in', () => {
    expect(afterLoginTarget('?redirect=%2Faccount%2Fcenter')).toBe('/account/center');
    expect(afterLoginTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/Home');
    expect(afterLoginTarget('?redirect=%2F%2Fevil.example')).toBe('/Home');
    expect(afterLoginTarget('?redirect=%2Fuser%2Flogin-admin')).toBe('/Home');
    expect(afterLoginTarget('')).toBe('/Home');
    expect(loginRedirect('/a?b=c')).toBe('/user/login-admin?redirect=%2Fa%3Fb%3Dc');
  });
});
