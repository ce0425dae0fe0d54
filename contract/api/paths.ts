// Paths of the calls of spec §7 (relative to API_BASE). One place, so client and server agree.
export const P = {
  login: '/sys/login',
  phoneLogin: '/sys/phoneLogin',
  register: '/sys/user/register',
  passwordReset: '/sys/user/passwordReset',
  captchaImage: '/sys/randomImage',
  smsCaptcha: '/cap/sys/v1/SystemSmsCaptchaInquiry',
  refreshToken: '/cap/auth/v1/RefreshToken',
  logout: '/cap/auth/v1/UserLogout',
  resources: '/cap/auth/v1/UserResourceListInquiry',
  tenantInquiry: '/cap/auth/v1/TenantInquiry',
  systemInquiry: '/cap/auth/v1/SystemInquiry',
  passwordUpdating: '/cap/auth/v1/UserPasswordUpdating',
  dictAll: '/sys/dict/queryAllDictItems',
  dictItems: '/sys/dict/getDictItems/:dictCode',
  dictRefresh: '/sys/dict/refleshCache',
  currentDeparts: '/sys/user/getCurrentUserDeparts',
  selectDepart: '/sys/selectDepart',
  switchSystem: '/cap/auth/v1/UserSystemSwitching',
  health: '/health',
  /** Sign-in statistics of the home dashboard (needs the permission code 'system:loginfo:view'). */
  loginInfo: '/sys/loginfo',
} as const;

/** SMS captcha types (field `type` of SystemSmsCaptchaInquiry). */
export const SMS_TYPE = { login: '0', register: '1', resetPassword: '2', opPassword: '3', decrypt: '4' } as const;
