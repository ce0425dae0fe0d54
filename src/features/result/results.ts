// Result pages (spec §1 page catalogue): what a user sees after submitting a business form — an
// approval flow that went through, or one that was refused with the reasons to fix. The texts live
// here once; the antd (desktop) and antd-mobile (phone) views only lay them out.

/** Props of a page module; features do not import the router, so the shape is declared here. */
export interface ResultPageProps {
  route?: { title: string };
}

export const SUCCESS = {
  title: '提交成功',
  subTitle: '付款申请已提交，预计 2 小时内完成审核，审核结果将通过站内消息通知您。',
  detail: [
    { label: '申请单号', value: 'FK202605180001' },
    { label: '申请人', value: '曲丽丽' },
    { label: '付款金额', value: '¥ 128,000.00' },
  ],
  steps: [
    { title: '创建申请', description: '曲丽丽 2026-05-18 10:32' },
    { title: '部门初审', description: '周毛毛 审核中' },
    { title: '财务复核', description: '' },
    { title: '完成', description: '' },
  ],
  current: 1,
  primary: '返回列表',
  secondary: ['查看申请单', '打印回单'],
};

export const FAIL = {
  title: '提交失败',
  subTitle: '请核对并修改以下信息后，再重新提交。',
  heading: '您提交的内容有如下错误：',
  reasons: [
    { text: '付款账户可用余额不足', action: '去充值' },
    { text: '收款银行卡号与户名不一致', action: '去修改' },
  ],
  primary: '返回修改',
};
