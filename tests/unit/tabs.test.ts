import { describe, expect, it } from 'vitest';
import { closeLeft, closeOthers, closeRight, closeTab, documentTitle, homeTab, openTab, refreshTab, type TabsState } from '@/lib/tabs';
import { MSG } from '@contract/messages';

const page = (p: string) => ({ fullPath: p, path: p.split('?')[0], title: p, keepAlive: false });
function withTabs(...paths: string[]): TabsState {
  let s: TabsState = { tabs: [homeTab()], active: '/Home' };
  for (const p of paths) s = openTab(s, page(p));
  return s;
}

describe('multi-tab workspace (spec §4)', () => {
  it('adds a tab per full path and reactivates an existing one; home stays first', () => {
    let s = withTabs('/a', '/b', '/a?x=1');
    expect(s.tabs.map((t) => t.fullPath)).toEqual(['/Home', '/a', '/b', '/a?x=1']);
    s = openTab(s, page('/b'));
    expect(s.tabs).toHaveLength(4);
    expect(s.active).toBe('/b');
    const fresh = openTab({ tabs: [], active: '' }, page('/a'));
    expect(fresh.tabs[0].fullPath).toBe('/Home');
  });
  it('keeps home one tab whatever its query, first and not closable', () => {
    const s = withTabs('/a', '/Home?x=1');
    expect(s.tabs.map((t) => t.fullPath)).toEqual(['/Home?x=1', '/a']);
    expect(s.tabs[0].title).toBe('首页');
    expect(s.active).toBe('/Home?x=1');
    expect(closeTab(s, '/Home?x=1')).toEqual({ ok: false, error: MSG.homeNotClosable });
    const back = openTab(s, page('/Home'));
    expect(back.tabs.map((t) => t.fullPath)).toEqual(['/Home', '/a']);
    expect(openTab({ tabs: [], active: '' }, page('/Home?x=1')).tabs.map((t) => t.fullPath)).toEqual(['/Home?x=1']);
  });
  it('refuses to close home or the last tab', () => {
    const s = withTabs('/a');
    expect(closeTab(s, '/Home')).toEqual({ ok: false, error: MSG.homeNotClosable });
    expect(closeTab({ tabs: [page('/a') as never], active: '/a' }, '/a')).toEqual({ ok: false, error: MSG.lastNotClosable });
  });
  it('closing the active tab activates a neighbour and reports the dropped tab', () => {
    const s = withTabs('/a', '/b', '/c');
    const r = closeTab({ ...s, active: '/b' }, '/b');
    expect(r.ok && r.state.active).toBe('/c');
    expect(r.ok && r.dropped.map((t) => t.fullPath)).toEqual(['/b']);
    const last = closeTab(s, '/c');
    expect(last.ok && last.state.active).toBe('/b');
  });
  it('close left, right and others keep home', () => {
    const s = withTabs('/a', '/b', '/c');
    const left = closeLeft(s, '/b');
    expect(left.ok && left.state.tabs.map((t) => t.fullPath)).toEqual(['/Home', '/b', '/c']);
    const right = closeRight(s, '/a');
    expect(right.ok && right.state.tabs.map((t) => t.fullPath)).toEqual(['/Home', '/a']);
    const others = closeOthers(s, '/b');
    expect(others.ok && others.state.tabs.map((t) => t.fullPath)).toEqual(['/Home', '/b']);
    expect(others.ok && others.state.active).toBe('/b');
    expect(others.ok && others.dropped.map((t) => t.fullPath)).toEqual(['/a', '/c']);
  });
  it('refresh bumps the version so the page remounts', () => {
    const s = refreshTab(withTabs('/a'), '/a');
    expect(s.tabs[1].version).toBe(1);
  });
  it('titles the document page · system, home the system only', () => {
    expect(documentTitle('个人中心', '/account/center', '业务运营支撑系统')).toBe('个人中心 · 业务运营支撑系统');
    expect(documentTitle('首页', '/Home', '业务运营支撑系统')).toBe('业务运营支撑系统');
  });
});
