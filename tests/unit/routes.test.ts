import { describe, expect, it } from 'vitest';
import { buildRoutes, matchRoute, menuTarget } from '@/app/router/routes';
import { PAGE_KEYS, evalUrlTemplate } from '@contract/pages';
import type { MenuItem } from '@contract/types';
import { pageRegistry } from '@/app/router/pageRegistry';

(globalThis as { window?: unknown }).window = { location: { origin: 'https://boss.test' } };

const item = (path: string, component: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id: path,
  path,
  name: path,
  component,
  meta: { title: path },
  ...extra,
});

describe('menu → routes (spec §2)', () => {
  const menu: MenuItem[] = [
    item('/Home', 'home/Home'),
    item('/account', 'layouts/RouteView', {
      children: [
        item('/account/center', 'account/Center', { meta: { title: '个人中心', keepAlive: true, componentName: 'AccountCenter' } }),
        item('/account/settings', 'account/Settings', { meta: { title: '个人设置', keepAlive: true } }),
        item('/account/hidden', 'account/Center', { route: '0' }),
      ],
    }),
    item('/order/:id', 'result/Success'),
    item('/help', 'layouts/RouteView', { meta: { title: '帮助', internalOrExternal: true, url: '{{origin}}/docs' } }),
    item('/api-docs', 'layouts/IframePageView', { meta: { title: '接口', url: '{{origin}}/docs?t={{token}}&x={{constructor}}' } }),
    item('/evil', 'src/anything'),
  ];
  const routes = buildRoutes(menu, 'tok');

  it('excludes route "0", external items, layout parents and unregistered components', () => {
    expect(routes.map((r) => r.path).sort()).toEqual(['/Home', '/account/center', '/account/settings', '/api-docs', '/order/:id'].sort());
  });
  it('keeps pages alive only with keepAlive and a component name', () => {
    expect(routes.find((r) => r.path === '/account/center')!.keepAlive).toBe(true);
    expect(routes.find((r) => r.path === '/account/settings')!.keepAlive).toBe(false);
  });
  it('matches exact paths first and ":" paths by full path', () => {
    expect(matchRoute('/account/center', routes)!.path).toBe('/account/center');
    expect(matchRoute('/order/42', routes)!.path).toBe('/order/:id');
    expect(matchRoute('/order/42/x', routes)).toBeUndefined();
  });
  it('evaluates only whitelisted url template variables', () => {
    expect(routes.find((r) => r.path === '/api-docs')!.url).toBe('https://boss.test/docs?t=tok&x={{constructor}}');
    expect(evalUrlTemplate('{{ apiBase }}/x', { origin: 'o', apiBase: 'A', token: 't' })).toBe('A/x');
  });
  it('opens external items in a new tab and routes the rest', () => {
    expect(menuTarget(menu[3], 'tok')).toEqual({ kind: 'external', url: 'https://boss.test/docs' });
    expect(menuTarget(menu[0], 'tok')).toEqual({ kind: 'route', path: '/Home' });
  });
  it('the page registry maps exactly the contract page keys', () => {
    expect(Object.keys(pageRegistry).sort()).toEqual([...PAGE_KEYS].sort());
    expect(new Set(PAGE_KEYS).size).toBe(PAGE_KEYS.length);
  });
  it('carries the breadcrumb trail', () => {
    expect(routes.find((r) => r.path === '/account/center')!.trail.map((t) => t.title)).toEqual(['/account', '个人中心']);
  });
});
