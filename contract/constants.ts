// Constants of spec §9 and the fixed names of the wire (headers, paths, storage keys).
// Pure data: shared by client, service worker and server.

export const SYSTEM_NAME = '业务运营支撑系统';
export const SYSTEM_SHORT_NAME = 'BOSS';
export const PRIMARY_COLOR = '#0267B5';

/** All API calls live under this admin prefix on the host (spec §7). */
export const API_BASE = '/boss-admin';

export const HOME_PATH = '/Home';
export const LOGIN_PATH = '/user/login-admin';
export const ANNOUNCEMENT_LIST_PATH = '/isps/userAnnouncement';
/** Paths reachable without signing in (spec §2). */
export const PUBLIC_PATH_PREFIXES = ['/user', '/oauth2-app', '/test', '/403', '/404', '/500'];
export const LOGIN_LIKE_PATHS = ['/user/login-admin', '/user/login', '/user/register', '/oauth2-app/login'];

export const HEADER_TOKEN = 'X-Access-Token';
export const HEADER_TENANT = 'tenant-id';
export const HEADER_SIGN = 'X-Sign';
export const HEADER_TIMESTAMP = 'X-TIMESTAMP';
export const DEFAULT_TENANT_ID = '0';

export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Access and refresh token lifetime, and the lifetime of cached dictionaries and system info. */
export const TOKEN_LIFETIME_MS = 604_800_000;
export const CACHE_LIFETIME_MS = 604_800_000;
export const DECRYPTED_ACCESS_TOKEN_MS = 60 * 60 * 1000;
export const DECRYPTED_REFRESH_TOKEN_MS = 24 * 60 * 60 * 1000;
/** Signed requests older or newer than this are refused. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_LIFETIME_MS = 5 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** After this many failures for a username or an IP, login needs a captcha. */
export const LOGIN_CAPTCHA_AFTER = 3;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS_PICKER = [10, 20, 30];
export const PAGE_SIZE_OPTIONS_LIST = [10, 20, 50, 100];
export const PAGE_SIZE_OPTIONS_BUSINESS = [5, 10, 20, 30];

export const HEARTBEAT_MS = 10_000;
export const HEARTBEAT_REPLY_TIMEOUT_MS = 6_000;
export const RECONNECT_MS = 5_000;
export const NOTIFY_HEARTBEAT_TIMEOUT_MS = 20_000;
export const NOTIFY_POLL_MS = 6_000;

export const BREAKPOINT_MOBILE = '(max-width: 767.99px)';
export const BREAKPOINT_COLLAPSE = '(max-width: 1087.99px)';
export const SIDE_MENU_WIDTH = 208;
export const SIDE_MENU_OPEN_WIDTH = 200;
export const SIDE_MENU_COLLAPSED_WIDTH = 80;

export const STORAGE_PREFIX = 'pro__';
export const STORAGE_KEYS = {
  token: 'Access-Token',
  refreshToken: 'Refresh-Token',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  dictItems: 'UI_CACHE_DB_DICT_DATA',
  tenantId: 'TENANT_ID',
  sysInfo: 'SYS_INFO',
  settings: 'DEFAULT_SETTINGS',
  sidebarOpen: 'SIDEBAR_TYPE',
  device: 'DEVICE',
  /** Set for 1 day after 数据解密: the user's own masked fields (mobile) show in full. */
  decrypted: 'DATA_DECRYPTED',
  /** The last menu and permission lists of the signed-in user: an offline reload shows the signed-in shell from them. */
  lastResources: 'LAST_RESOURCES',
  /** The phone's first screen as last drawn, by path: painted at once on the next cold start (src/lib/firstPaint.ts). */
  firstPaint: 'FIRST_PAINT',
} as const;
/** Session-storage keys of the permission lists. */
export const SESSION_KEYS = { auth: 'LOGIN_USER_BUTTON_AUTH', allAuth: 'SYS_BUTTON_AUTH' } as const;

export const DEFAULT_SETTINGS = {
  primaryColor: PRIMARY_COLOR,
  navTheme: 'light' as 'light' | 'dark',
  layout: 'sidemenu' as 'sidemenu' | 'topmenu',
  contentWidth: 'Fixed' as 'Fixed' | 'Fluid',
  fixedHeader: false,
  fixSiderbar: false,
  autoHideHeader: false,
  colorWeak: false,
  multipage: true,
};
export type DisplaySettings = typeof DEFAULT_SETTINGS;
/** The eight primary-colour presets of the display-settings drawer. */
export const COLOR_PRESETS = ['#0267B5', '#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#722ED1'];

export const PRIORITY_COLORS = { L: 'blue', M: 'orange', H: 'red' } as const;
export const YES_NO = { yes: '是', no: '否' } as const;
