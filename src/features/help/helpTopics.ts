// 帮助中心 (issue 14 §4): what each area of the product does, how approval works and whom to ask, in
// Chinese. The texts live here once; HelpCenter.tsx lays them out for both devices.

export interface HelpArea {
  /** Top-level menu path of the area; the page lists the areas the user's menu has first. */
  path: string;
  title: string;
  text: string;
}

export const HELP_AREAS: HelpArea[] = [
  {
    path: '/Home',
    title: '首页（工作台）',
    text: '按本人权限显示待办事项（点击打开已筛选的列表）、今日与昨日付款笔数、金额和成功率、待审批占用金额、账户余额、近期动态和图表；订单变化时自动刷新。客户用户看到本客户的账户和订单。',
  },
  {
    path: '/dashboard/analysis',
    title: '数据分析',
    text: '平台人员按日期范围和租户查看按日、通道、交易类型、客户的交易笔数与金额，审批时长（中位数、P90）和失败原因，可导出 Excel。',
  },
  { path: '/account', title: '个人页', text: '个人中心查看账户资料；个人设置修改登录密码、绑定手机等个人信息。' },
  {
    path: '/payCus',
    title: '付款管理',
    text: '经办员发起单笔付款和批量付款，查看付款订单的状态；账户管理办理充值、提现、转账、冻结与解冻；银行卡管理绑定的银行卡。',
  },
  { path: '/approve', title: '审批中心', text: '复核员在「待我审批」中查看待审批的付款订单，核对收款方和金额后通过或驳回。' },
  { path: '/acct', title: '账务管理', text: '调账申请、开立账户、退款申请、开票申请与发票开具。' },
  { path: '/merchantPlatform', title: '商户平台', text: '客户管理（详情、启用与停用）、分账申请与分账审核、批量付款。' },
  { path: '/message', title: '消息中心', text: '通知公告与站内消息；审批结果、订单状态变化会在这里和右上角的铃铛中提醒。' },
  {
    path: '/system',
    title: '系统管理',
    text: '管理员维护用户、角色、部门、菜单与按钮权限、数据字典、租户与分组、定时任务、在线用户和日志。',
  },
];

export const APPROVAL_STEPS: { title: string; text: string }[] = [
  { title: '经办员提交', text: '经办员填写付款信息（单笔或批量）并提交，订单进入「待审批」，金额以元为单位、最多两位小数。' },
  { title: '复核员审批', text: '同一机构的复核员在「审批中心」看到待审批订单。提交人不能审批自己提交的订单。' },
  { title: '通过或驳回', text: '通过后订单发往支付渠道，渠道返回结果后订单变为成功或失败；驳回时需填写原因，订单不会付款。' },
  { title: '结果通知', text: '每一步都会通知相关人员：提交人收到审批结果，订单状态在列表和详情中实时更新。' },
];

export const CONTACTS: string[] = [
  '账号、密码、角色与权限问题：请联系本机构的系统管理员。',
  '付款、账户余额与对账问题：请联系本机构的财务结算部门或付款订单的复核员。',
  '系统故障或无法访问：请记下出错的页面和时间，联系系统管理员处理。',
];
