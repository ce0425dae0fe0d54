// Pure rules of the desktop shell: menu visibility, search, breadcrumb, user dropdown entries,
// switcher keys, icon names, and the dialogs' form validation.
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@contract/types';
import { userMenuFlags } from '@contract/permission';
import { loginPasswordForm, V } from '@contract/validation';
import {
  breadcrumbFor,
  findMenuItem,
  matchesSearch,
  menuSearchOptions,
  openKeysFor,
  parseSystemKey,
  platformUrl,
  systemKey,
  userMenuEntries,
  visibleMenu,
  type UserMenuKey,
} from '@/app/layouts/desktop/menuModel';
import { iconKey } from '@/app/layouts/desktop/menuIcons';
import { fieldErrors } from '@/components/dialogs/formRules';

const item = (path: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id: path,
  path,
  name: path,
  component: 'home/Home',
  meta: { title: path },
  ...extra,
});

describe('visibleMenu', () => {
  it('skips hidden and route "0" items at every level', () => {
    const menu = [
      item('/a', { children: [item('/a/1'), item('/a/2', { hidden: true }), item('/a/3', { route: '0' })] }),
      item('/b', { hidden: true }),
      item('/c', { route: '0' }),
    ];
    const v = visibleMenu(menu);
    expect(v.map((i) => i.path)).toEqual(['/a']);
    expect(v[0].children!.map((i) => i.path)).toEqual(['/a/1']);
  });
  it('finds items anywhere in the tree', () => {
    const menu = [item('/a', { children: [item('/a/1', { children: [item('/a/1/x')] })] })];
    expect(findMenuItem(menu, '/a/1/x')?.path).toBe('/a/1/x');
    expect(findMenuItem(menu, '/nope')).toBeUndefined();
  });
});

describe('openKeysFor', () => {
  it('opens every level above the page', () => {
    expect(openKeysFor([{ path: '/a' }, { path: '/a/b' }, { path: '/a/b/c' }])).toEqual(['/a', '/a/b']);
    expect(openKeysFor([{ path: '/Home' }])).toEqual([]);
  });
});

describe('menu search', () => {
  const routes = [
    { path: '/result/fail', title: '失败', trail: [{ title: '结果页' }, { title: '失败' }] },
    { path: '/order/:id', title: '订单', trail: [{ title: '订单' }] },
  ];
  it('offers navigable routes labelled with their trail', () => {
    expect(menuSearchOptions(routes)).toEqual([{ value: '/result/fail', label: '结果页 / 失败' }]);
  });
  it('matches label or path, ignoring case and blanks', () => {
    const [o] = menuSearchOptions(routes);
    expect(matchesSearch(o, '失败')).toBe(true);
    expect(matchesSearch(o, 'RESULT')).toBe(true);
    expect(matchesSearch(o, '  ')).toBe(true);
    expect(matchesSearch(o, '成功')).toBe(false);
  });
});

describe('breadcrumbFor', () => {
  it('starts at 首页, links earlier route crumbs, leaves the last as text', () => {
    const crumbs = breadcrumbFor(
      [
        { title: '个人页', path: '/account' },
        { title: '个人中心', path: '/account/center' },
      ],
      (p) => p === '/account/center',
    );
    expect(crumbs).toEqual([{ title: '首页', path: '/Home' }, { title: '个人页', path: undefined }, { title: '个人中心' }]);
  });
  it('on home shows 首页 once, as text', () => {
    expect(breadcrumbFor([{ title: '首页', path: '/Home' }], () => true)).toEqual([{ title: '首页' }]);
  });
});

describe('userMenuEntries', () => {
  const all: ReadonlySet<UserMenuKey> = new Set<UserMenuKey>([
    'changeLoginPassword',
    'setPayPassword',
    'systemSettings',
    'dataDecrypt',
    'setOpPassword',
    'departSwitch',
  ]);
  it('shows entries per the flags of spec §2', () => {
    const on = { cfgPayPwd: 'true', cfgDataDecrypt: 'true', cfgOpPwd: 'true' };
    expect(userMenuEntries(userMenuFlags(on, 'platSelf'), all)).toEqual([...all]);
    expect(userMenuEntries(userMenuFlags({ cfgPayPwd: 'false', cfgDataDecrypt: 'false', cfgOpPwd: 'false' }, 'cusEnterprise'), all)).toEqual([
      'changeLoginPassword',
      'departSwitch',
    ]);
    expect(userMenuEntries(userMenuFlags(on, 'orgBank'), all)).toContain('systemSettings');
  });
  it('leaves out entries whose dialog is not built, whatever the flags say', () => {
    const built = new Set<UserMenuKey>(['changeLoginPassword', 'systemSettings', 'departSwitch']);
    expect(userMenuEntries(userMenuFlags({ cfgPayPwd: 'true', cfgDataDecrypt: 'true', cfgOpPwd: 'true' }, 'platSelf'), built)).toEqual([
      'changeLoginPassword',
      'systemSettings',
      'departSwitch',
    ]);
  });
});

describe('switchers', () => {
  it('keys a system by system id and group id and reads it back', () => {
    const key = systemKey({ id: 's1', group: { id: 'g:2' } });
    expect(key).toBe('s1:g:2');
    expect(parseSystemKey(key)).toEqual({ sysId: 's1', groupId: 'g:2' });
  });
  it('carries the fresh token to the platform', () => {
    expect(platformUrl('https://x.test/app', 'a b')).toBe('https://x.test/app?token=a%20b');
    expect(platformUrl('https://x.test/app?x=1', 't')).toBe('https://x.test/app?x=1&token=t');
  });
});

describe('iconKey', () => {
  it('reads v3 and v4+ icon names alike', () => {
    expect(iconKey('bank')).toBe('bank');
    expect(iconKey('account-book')).toBe('account-book');
    expect(iconKey('AccountBookOutlined')).toBe('account-book');
    expect(iconKey('QuestionCircleFilled')).toBe('question-circle');
  });
});

describe('fieldErrors (change login password)', () => {
  it('gives the required messages for untouched fields', () => {
    expect(fieldErrors(loginPasswordForm, { pswOld: undefined, pswNew: undefined, confirm: undefined })).toEqual({
      pswOld: V.loginOldRequired,
      pswNew: V.loginNewRequired,
      confirm: V.loginConfirmRequired,
    });
  });
  it('applies the password rule and the match rule', () => {
    expect(fieldErrors(loginPasswordForm, { pswOld: 'x', pswNew: 'short', confirm: 'short' }).pswNew).toBe(V.passwordRule);
    expect(fieldErrors(loginPasswordForm, { pswOld: 'x', pswNew: 'New@20260', confirm: 'New@20261' })).toEqual({ confirm: V.passwordMismatch });
    expect(fieldErrors(loginPasswordForm, { pswOld: 'x', pswNew: 'New@20260', confirm: 'New@20260' })).toEqual({});
  });
});
