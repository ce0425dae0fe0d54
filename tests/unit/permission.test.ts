// Permission rules of spec §6 (contract/permission.ts).
import { describe, expect, it } from 'vitest';
import {
  excludedCodes,
  hasPermission,
  isPlatformOrOrg,
  switcherFlags,
  userMenuFlags,
  visibleToolbarButtons,
  type PermissionLists,
} from '../../contract/permission';
import type { PermissionEntry } from '../../contract/types';

const e = (type: '1' | '2', action: string, status: '0' | '1' = '1'): PermissionEntry => ({ type, action, status });

describe('hasPermission', () => {
  const lists: PermissionLists = {
    auth: [e('2', 'user:add'), e('1', 'system:role'), e('2', 'user:export')],
    allAuth: [e('2', 'user:add'), e('2', 'user:edit'), e('2', 'user:export', '0'), e('2', 'system:role:add')],
  };

  it('allows a granted type "2" action button', () => {
    expect(hasPermission('user:add', lists)).toBe(true);
  });
  it('denies an action that is not granted', () => {
    expect(hasPermission('user:edit', lists)).toBe(false);
    expect(hasPermission('', lists)).toBe(false);
  });
  it('a status "0" entry in the system list denies even when granted', () => {
    expect(hasPermission('user:export', lists)).toBe(false);
  });
  it('a status "0" entry in the user list denies', () => {
    expect(hasPermission('x:y', { auth: [e('2', 'x:y'), e('2', 'x:y', '0')], allAuth: [] })).toBe(false);
  });
  it('comma-separated actions: any one suffices, blanks ignored', () => {
    expect(hasPermission('user:edit,user:add', lists)).toBe(true);
    expect(hasPermission(' user:edit , ,user:delete', lists)).toBe(false);
  });
  it('a type "1" menu entry allows the actions under it by prefix, not by string start', () => {
    expect(hasPermission('system:role', lists)).toBe(true);
    expect(hasPermission('system:role:add', lists)).toBe(true);
    expect(hasPermission('system:roles:add', lists)).toBe(false);
    expect(hasPermission('system', lists)).toBe(false);
  });
  it('a page list carried by the menu counts as granted', () => {
    expect(hasPermission('user:edit', { ...lists, pageList: [e('2', 'user:edit')] })).toBe(true);
  });
});

describe('toolbar exclusion', () => {
  const lists: PermissionLists = {
    auth: [e('2', 'user:add')],
    allAuth: [e('2', 'user:add'), e('2', 'user:batch_delete'), e('2', 'user:export'), e('2', 'role:add')],
  };

  it('lists the codes under a prefix the user was not granted, without the prefix', () => {
    expect(excludedCodes('user:', lists).sort()).toEqual(['batch_delete', 'export']);
  });
  it('excluding batch_delete also hides remove', () => {
    const buttons = ['add', 'remove', 'batch_delete', 'export', 'import'] as const;
    expect(visibleToolbarButtons(buttons, excludedCodes('user:', lists))).toEqual(['add', 'import']);
    expect(visibleToolbarButtons(buttons, ['export'])).toEqual(['add', 'remove', 'batch_delete', 'import']);
  });
});

describe('group-type rules', () => {
  it('plat and org prefixes see the bell, settings and switchers', () => {
    expect(isPlatformOrOrg('platSelf')).toBe(true);
    expect(isPlatformOrOrg('orgBank')).toBe(true);
    expect(isPlatformOrOrg('cusEnterprise')).toBe(false);
    expect(isPlatformOrOrg(undefined)).toBe(false);
  });
  it('switchers: system for plat/org or several groups; platform only for orgType self', () => {
    expect(switcherFlags('platSelf', 1, 'self')).toEqual({ system: true, platform: true });
    expect(switcherFlags('orgBank', 1, 'bank')).toEqual({ system: true, platform: false });
    expect(switcherFlags('cusEnterprise', 2, 'cus')).toEqual({ system: true, platform: false });
    expect(switcherFlags('cusEnterprise', 1, 'self')).toEqual({ system: false, platform: false });
  });
  it('user menu entries follow the system-info flags', () => {
    const f = userMenuFlags({ cfgPayPwd: 'true', cfgOpPwd: 'false', cfgDataDecrypt: 'true' }, 'cusEnterprise');
    expect(f).toMatchObject({ setPayPassword: true, setOpPassword: false, dataDecrypt: true, systemSettings: false, changeLoginPassword: true });
  });
});
