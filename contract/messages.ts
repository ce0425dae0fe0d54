// The error and message catalogue of spec §8 and §5. Where the spec quotes Chinese, the text is
// exactly the spec's; where the spec only glosses a message in English, the user sees the Chinese
// text and the English gloss stands in the comment beside it. Wire-only texts stay as the spec says.
// Server and client both take texts from here so that a message is written once.

export const MSG = {
  // HTTP (§8)
  http403: '拒绝访问',
  http404: '很抱歉，资源未找到!',
  httpTimeout: '网络超时',
  http401: '很抱歉，登录已过期，请重新登录',
  sessionExpiredTitle: '登录已过期',
  sessionExpiredChatApp: '登录已过期，正在重新登录',
  serverError: '系统繁忙，请稍后再试',
  // Tokens
  accessTokenExpired: 'Access token has expired',
  tokenInvalid: 'Token失效，请重新登录',
  tokenMissing: '未登录或登录已失效，请先登录',
  refreshFailed: 'token 刷新失败',
  refreshError: 'token 刷新异常：',
  refreshReused: '刷新令牌已失效，请重新登录',
  // Login
  loginBadCredentials: '用户名或密码错误',
  loginLocked: (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`,
  loginFrozen: '该用户已冻结',
  loginCaptchaRequired: '请先完成滑块验证',
  loginCaptchaWrong: '验证码错误',
  loginRateLimited: '请求过于频繁，请稍后再试',
  passwordEncoding: '密码格式错误',
  // Signature
  signMissing: '缺少签名参数',
  signBad: '签名验证失败',
  signStale: '签名已过期，请校准设备时间后重试',
  // Tabs
  homeNotClosable: '首页不能关闭', // 'the home page cannot be closed'
  lastNotClosable: '这是最后一页，不能再关闭了', // 'the last page cannot be closed'
  // Lists
  listUrlMissing: '请设置url.list属性!',
  deleteUrlMissing: '请设置url.delete属性!',
  deleteBatchUrlMissing: '请设置url.deleteBatch属性!',
  selectOne: '请选择一条记录！',
  confirmDeleteTitle: '确认删除',
  confirmDeleteBody: '是否删除选中数据?',
  exportFailed: '文件下载失败',
  unknownFile: '未知的文件',
  // Import (§8)
  importWithErrors: '导入成功,但是有错误数据!',
  uploadDone: (file: string) => `${file} 文件上传成功`,
  uploadFailed: '文件上传失败',
  // Super query (§5)
  superQueryEmpty: '不能使用空条件查询', // 'Cannot query with empty conditions'
  superQueryEmptySave: '空条件不能保存', // 'Empty conditions cannot be saved'
  superQueryNameEmpty: '保存名称不能为空', // 'Save name cannot be empty'
  superQueryExists: (name: string) => `${name} 已存在，是否覆盖？`, // '{name} already exists, overwrite?'
  // Passwords
  modified: '修改成功',
  done: '操作成功',
  setDone: '设置成功',
  noLoginUser: '当前系统无登录用户',
  decryptDone: '解密成功，请刷新页面',
  smsSent: '验证码已发送，有效期5分钟，请注意查收',
  smsException: '系统异常，获取验证码失败',
  smsTooSoon: (seconds: number) => `请${seconds}秒后再获取验证码`,
  smsWrong: '验证码错误或已过期',
  // Misc
  tooFast: '你点击的太快了，请慢点点击!',
  noData: '没有查询到任何数据',
  enterSearch: '请输入搜索内容',
  saved: '保存成功',
  noDepart: '您尚未设置部门信息!',
  logoutConfirm: '真的要注销登录吗？', // 'Are you sure you want to log out?'
  logoutFailed: '注销失败',
  cacheRefreshDone: '刷新缓存完成', // 'cache refresh complete'
  cacheRefreshFailed: '刷新缓存失败', // 'cache refresh failed'
  searchMenu: '搜索菜单', // 'search menu'
  noExecutionTime: '没有执行时间', // 'no execution time'
  amountInvalid: '请输入正确的金额', // 'Please enter a correct amount'
  badRequest: '请求参数有误',
  badJson: '请求体不是合法的 JSON',
  tooLarge: '请求体过大',
  tooDeep: '请求体嵌套层级过深',
  nulByte: '请求参数不能包含空字符',
  dbBadValue: '参数格式有误',
  dbTooLong: '参数过长',
  dbOutOfRange: '数值超出范围',
  dbRequired: '缺少必填参数',
  dbBadReference: '关联的数据不存在',
  dbInUse: '数据正在被使用，不能删除',
  dbCheck: '参数取值有误',
  dbDuplicate: '数据已存在',
  badMultipart: '上传内容格式有误',
  notFound: '很抱歉，资源未找到!',
  offline: '网络已断开，当前为离线状态',
  chunkLoadFailed: '页面资源加载失败，可能是系统已更新，请刷新后重试',
  updateAvailable: '系统已更新，刷新后即可使用新版本',
} as const;
