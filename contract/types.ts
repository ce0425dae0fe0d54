// Shapes of the entities and envelopes of spec §3 and §7 as they travel on the wire.

/** Answer of every /sys/... call. */
export interface SysResult<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** Request envelope of the business (/cap/...) calls. */
export interface CapContext {
  localDateTime?: string;
  userReferenceNo?: string;
  txnReferenceNo?: string;
  serviceId?: string;
  serviceUri?: string;
  entityId?: string;
  tenantId?: string;
  orgId?: string;
  userId?: string;
  token?: string;
  channel?: string;
  deviceId?: string;
  ip?: string;
  lbs?: string;
  callbackId?: string;
  callbackUrl?: string;
  locale?: string;
  paramJson?: string;
}
export interface CapPageIn {
  pageSize: number;
  pageNum: number;
}
export type CapRequest<F = Record<string, unknown>> = { page?: CapPageIn; context?: CapContext } & F;

export interface CapStatus {
  success: boolean;
  replyCode: string;
  replyText: string;
  errorMsg: string;
}
export interface CapPageOut {
  count: number;
  pageSize: number;
  offset: number;
}
export interface CapResponse<B = Record<string, unknown>> {
  status: CapStatus;
  body: { page?: CapPageOut; listData?: unknown[] } & B;
}

export interface PermissionEntry {
  /** "1" menu or page, "2" action button. */
  type: '1' | '2';
  action: string;
  describe?: string;
  /** "0" disabled (denies), "1" enabled. */
  status: '0' | '1';
}

export interface MenuMeta {
  title: string;
  icon?: string;
  target?: string;
  url?: string;
  permissionList?: PermissionEntry[];
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
}
export interface MenuItem {
  id: string;
  path: string;
  name: string;
  redirect?: string | null;
  /** Key of a page module in the client's page registry, or a layout name. */
  component: string;
  hidden?: boolean;
  /** "0" excludes the item from the routes. */
  route?: '0' | '1';
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuItem[];
}

export interface ResourceJson {
  menu: MenuItem[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  sysSafeMode: boolean;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
  status?: number;
  color?: string;
}
export type DictMap = Record<string, DictItem[]>;

export interface SysInfo {
  sysName: string;
  tabTitle: string;
  tabLogo?: string;
  logo?: string;
  bkg?: string;
  copyright: string;
  company: string;
  companyLogo?: string;
  registerEnt?: string;
  registerSecurity?: string;
  sysColor: string;
  sysTheme?: string;
  sysBriefName: string;
  cfgOpPwd: 'true' | 'false';
  cfgPayPwd: 'true' | 'false';
  cfgDataDecrypt: 'true' | 'false';
  helpUrl?: string;
}

export interface GroupInfo {
  id: string;
  groupName: string;
  /** e.g. platSelf, orgBank, cusEnterprise: the prefix decides what the shell shows (§6). */
  groupType: string;
  tenantId: string;
  groupBsnObj?: { cusCode?: string };
  groupBsnXref?: { objCode?: string };
  listGroup?: { id: string; groupName: string; groupType: string; tenantId: string }[];
}
export interface SysRef {
  id: string;
  sysName: string;
  sysCode: string;
  sysInfo?: SysInfo;
  group: GroupInfo;
}

export interface UserInfo {
  id: string;
  userId: string;
  username: string;
  realname: string;
  entityId?: string;
  mobile?: string;
  mobileDesensitized?: string;
  avatar?: string;
  orgCode?: string;
  orgCodeTxt?: string;
  sys: SysRef;
  listSys: SysRef[];
  listEntity?: { entityName: string; url: string; status: string }[];
  org?: { orgType: string };
  entity?: { entityName: string };
  accessToken?: string;
}

export interface LoginResult {
  token: string;
  refreshToken: string;
  userInfo: UserInfo;
  sysAllDictItems: DictMap;
}

export interface Department {
  id: string;
  orgCode: string;
  departName: string;
  parentId?: string | null;
}
