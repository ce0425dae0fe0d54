// How the server answers the sign-in and session calls when they fail: HTTP status, the `code` of
// the /sys envelope (or `status.replyCode` of the /cap envelope) and extra texts. The client keys
// its behaviour on these, so they are written once, here.

/** HTTP statuses of the failure answers. None of the sign-in failures is 401: the client treats 401 as "session over". */
export const WIRE_STATUS = {
  /** Wrong username or password, bad password encoding, frozen user, wrong SMS code. */
  loginFailed: 400,
  /** An image captcha is demanded (or was wrong): body `result: { needCaptcha: true }`, envelope code CAPTCHA_NEEDED_CODE. */
  captchaNeeded: 400,
  /** The account is locked after LOGIN_MAX_FAILURES wrong passwords. */
  locked: 423,
  /** Per-IP rate limit on login, phone login and SMS. */
  rateLimited: 429,
  /** SMS resend asked for within SMS_RESEND_SECONDS. */
  smsTooSoon: 429,
  /** Missing, unknown, revoked or expired access token; also an unusable refresh token. */
  unauthenticated: 401,
  /** Permission code not granted, or tenant-id header not one of the user's tenants. */
  forbidden: 403,
  /** Signature missing, stale or wrong. */
  signature: 400,
} as const;

/** Envelope code (sys `code`, cap `status.replyCode` as a string) of an answer that demands an image captcha. */
export const CAPTCHA_NEEDED_CODE = 412;

/** `result` of a failed /sys/login: whether the next attempt must carry `captcha` and `checkKey`. */
export interface LoginFailureResult {
  needCaptcha: boolean;
}

/** Texts the server sends that the catalogue of contract/messages.ts does not yet hold. */
export const WIRE_MSG = {
  captchaNeeded: '请输入图形验证码',
  captchaExpired: '图形验证码已失效，请刷新后重试',
  refreshExpired: '刷新令牌已过期，请重新登录',
  mobileNotRegistered: '该手机号未注册',
  mobileTaken: '该手机号已注册',
  usernameTaken: '用户名已存在',
  passwordOldWrong: '原密码错误',
  passwordOwnOnly: '只能修改自己的密码',
  departNotYours: '所选部门不属于当前用户',
  systemNotYours: '所选系统不属于当前用户',
  dictNotFound: (code: string) => `字典「${code}」不存在`,
  dictCodeEmpty: '字典编码不能为空', // spec: 'Dictionary code cannot be empty'
  registered: '注册成功',
  passwordResetDone: '密码重置成功，请重新登录',
  logoutDone: '退出登录成功',
  loginDone: '登录成功',
  clientNotBuilt: '前端尚未构建：请运行 npm run build 后刷新页面（接口服务已正常运行）',
} as const;

/** Permission code of the sign-in statistics call (P.loginInfo). */
export const LOGIN_INFO_PERMISSION = 'system:loginfo:view';
/** The OpenAPI document (Swagger UI at /docs) is for administrators: the code its menu row and the server's /docs gate use. */
export const API_DOCS_PERMISSION = 'system:api:docs';
/** The 接口文档 menu's iframe address: the gate reads the access token once from the query, then from its own cookie. */
export const API_DOCS_URL = '{{origin}}/docs?token={{token}}';
/** Query parameter and cookie that carry the access token to the /docs gate (an iframe cannot send headers). */
export const API_DOCS_TOKEN_PARAM = 'token';
export const API_DOCS_COOKIE = 'boss_docs_token';
