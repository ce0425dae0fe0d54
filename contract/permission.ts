// Permission rules of spec §6 as pure functions, used by the client to show and hide, and by the
// server to decide. The server is the authority; the client only mirrors it.
import type { PermissionEntry } from './types';

export interface PermissionLists {
  /** Permissions granted to the user (session list `auth`). */
  auth: PermissionEntry[];
  /** Every permission the system knows and its switch (session list `allAuth`). */
  allAuth: PermissionEntry[];
  /** Optional permission list carried by the current page (menu meta.permissionList). */
  pageList?: PermissionEntry[];
}

function allowsOne(action: string, lists: PermissionLists): boolean {
  if (!action) return false;
  // A disabled ("0") entry anywhere denies: the switch is off for everyone.
  const global = lists.allAuth.find((e) => e.action === action);
  if (global && global.status === '0') return false;
  const own = [...(lists.pageList ?? []), ...lists.auth];
  if (own.some((e) => e.action === action && e.status === '0')) return false;
  // An enabled action-button ("2") entry granted to the user allows.
  if (own.some((e) => e.type === '2' && e.action === action)) return true;
  // A granted menu/page ("1") entry allows the actions under it, matched by prefix.
  if (own.some((e) => e.type === '1' && e.action !== '' && (action === e.action || action.startsWith(e.action + ':')))) return true;
  return false;
}

/** True when the user may perform `actions` (comma-separated: any one of them suffices). */
export function hasPermission(actions: string, lists: PermissionLists): boolean {
  return actions
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .some((a) => allowsOne(a, lists));
}

/**
 * Codes under `prefix` (e.g. "user:") that the system controls but the user was not granted;
 * returned without the prefix ("add", "batch_delete").
 */
export function excludedCodes(prefix: string, lists: PermissionLists): string[] {
  return lists.allAuth
    .filter((e) => e.action.startsWith(prefix))
    .filter((e) => !hasPermission(e.action, lists))
    .map((e) => e.action.slice(prefix.length));
}

/** Toolbar buttons left visible; excluding batch_delete also hides remove (spec §6). */
export function visibleToolbarButtons<T extends string>(buttons: readonly T[], excluded: string[]): T[] {
  const hidden = new Set(excluded);
  if (hidden.has('batch_delete')) hidden.add('remove');
  return buttons.filter((b) => !hidden.has(b));
}

/** Group types that see the bell, system settings and the switchers (spec §6). */
export function isPlatformOrOrg(groupType: string | undefined): boolean {
  return !!groupType && (groupType.startsWith('plat') || groupType.startsWith('org'));
}

export interface UserMenuFlags {
  changeLoginPassword: boolean;
  setPayPassword: boolean;
  systemSettings: boolean;
  dataDecrypt: boolean;
  setOpPassword: boolean;
  departSwitch: boolean;
}
/** Which entries of the user dropdown show (spec §2). */
export function userMenuFlags(
  sys: { cfgPayPwd?: string; cfgDataDecrypt?: string; cfgOpPwd?: string } | undefined,
  groupType: string | undefined,
): UserMenuFlags {
  return {
    changeLoginPassword: true,
    setPayPassword: sys?.cfgPayPwd === 'true',
    systemSettings: isPlatformOrOrg(groupType),
    dataDecrypt: sys?.cfgDataDecrypt === 'true',
    setOpPassword: sys?.cfgOpPwd === 'true',
    departSwitch: true,
  };
}

/** Switchers: system switcher for plat/org or more than one group; platform switcher only for orgType self. */
export function switcherFlags(groupType: string | undefined, groupCount: number, orgType: string | undefined) {
  const system = isPlatformOrOrg(groupType) || groupCount > 1;
  return { system, platform: system && orgType === 'self' };
}
