// The plain constants of the payment-order calls: paths, permission codes, messages and the texts
// of kinds, statuses and actions. Kept apart from the zod schemas of contract/api/pay.ts (which
// re-exports them) so that a screen needing only these, such as the phone's approval badge in the
// layout every page runs, does not pull zod into a phone's first visit.
export const PAY_PATHS = {
  orderSubmit: '/cap/pay/v1/PayOrderSubmit',
  orderEdit: '/cap/pay/v1/PayOrderEdit',
  orderCancel: '/cap/pay/v1/PayOrderCancel',
  orderInquiry: '/cap/pay/v1/PayOrderInquiry',
  orderDetail: '/cap/pay/v1/PayOrderDetail',
  auditPass: '/cap/pay/v1/PayOrderAuditPass',
  auditReject: '/cap/pay/v1/PayOrderAuditReject',
  pendingCount: '/cap/pay/v1/PayOrderPendingCount',
  batchSubmit: '/cap/pay/v1/PayBatchSubmit',
  batchImport: '/cap/pay/v1/PayBatchImport',
  batchAuditPass: '/cap/pay/v1/PayBatchAuditPass',
  batchAuditReject: '/cap/pay/v1/PayBatchAuditReject',
  adjustApply: '/cap/acct/v1/AcctAdjustApply',
  refundApply: '/cap/acct/v1/AcctRefundApply',
  distributionApply: '/cap/merchant/v1/DistributionApply',
  customerEnable: '/cap/merchant/v1/CustomerEnable',
  customerDisable: '/cap/merchant/v1/CustomerDisable',
  invoiceApply: '/cap/acct/v1/InvoiceApply',
  invoiceMake: '/cap/acct/v1/InvoiceMake',
  invoiceInquiry: '/cap/acct/v1/InvoiceInquiry',
  payPwdModify: '/cap/cus/v2/AcctPayPwdModify',
  opPwdSet: '/cap/cus/v1/CusSetOpPwd',
  dataDecryption: '/cap/auth/v1/UserDataDecryption',
} as const;

export const PAY_PERMS = {
  /** Maker: submit, edit and cancel own orders (single and batch pay). */
  submit: 'pay:order:submit',
  /** Checker: approve or reject other people's orders of any kind. */
  approve: 'pay:order:approve',
  /** List and detail of payment orders. */
  inquiry: 'pay:order:inquiry',
  adjust: 'acct:adjust:apply',
  refund: 'acct:refund:apply',
  distribution: 'merchant:distribution:apply',
  customerStatus: 'merchant:customer:status',
  invoiceApply: 'acct:invoice:apply',
  invoiceMake: 'acct:invoice:make',
  invoiceInquiry: 'acct:invoice:inquiry',
} as const;

export const PAY_MSG = {
  selfApprove: '不能审批自己提交的订单',
  staleVersion: '订单已被修改，请刷新后重新审批',
  raced: '订单已被其他人处理',
  notPending: '订单不是待审批状态',
  notEditable: '只有草稿或待审批的订单可以修改',
  makerOnly: '只有提交人可以修改或撤销订单',
  orderNotFound: '订单不存在',
  /** An order (as it would be stored) the maker's data rules on the order pages would not show them. */
  outsideScope: '订单超出了您的数据权限范围，不能提交',
  editedOutsideScope: '修改后的订单超出了您的数据权限范围',
  rejectReason: '请输入驳回原因',
  payPwdRequired: '请输入支付密码',
  payPwdWrong: (left: number) => `支付密码错误，还可尝试${left}次`,
  payPwdLocked: (minutes: number) => `支付密码错误次数过多，请${minutes}分钟后再试`,
  payPwdNotSet: '请先设置支付密码',
  payPwdEncoding: '支付密码格式错误',
  payPwdOldWrong: '原支付密码错误',
  payPwdSame: '新支付密码不能与原支付密码相同',
  cusCodeMismatch: '客户代码与当前用户不符',
  payeeRequired: '请输入收款账号或银行卡号',
  payeeBoth: '收款账号与银行卡号只能填写一个',
  payeeName: '请输入收款人名称',
  payeeSelf: '收款账户不能与付款账户相同',
  rowsEmpty: '请至少添加一行付款明细',
  rowsTooMany: '每批最多10000行',
  row: (n: number, message: string) => `第${n}行：${message}`,
  batchTotal: '批量付款总金额超出上限',
  adjustReason: '请输入调账原因',
  adjustDirection: '请选择调账方向',
  refundReason: '请输入退款原因',
  refundOriginal: '原订单不存在或未成功付款',
  refundKind: '只能对付款到本平台账户的单笔付款订单退款',
  refundExceeded: (left: string) => `退款金额超过可退金额（可退${left}元）`,
  distReceivers: '请添加分账接收方',
  distRatioSum: '分账比例之和必须为100%',
  distFixedSum: '分账金额之和必须等于分账总金额',
  distRatio: '请输入正确的分账比例',
  distRemainder: '请选择尾差入账账户',
  distDuplicate: '分账接收账户不能重复',
  invoiceExceeded: (left: string) => `开票金额超过可开票金额（可开票${left}元）`,
  invoiceTitle: '请输入发票抬头',
  invoiceNotFound: '发票申请不存在',
  invoiceIssued: '该发票已开具',
  disableReason: '请输入停用原因',
  importFile: '请上传.xlsx格式的文件',
  importEmpty: '文件中没有付款明细',
  decrypted: '解密成功，请刷新页面',
  alreadyDecrypted: '当前会话已解密，无需重复解密',
  decryptMobile: '手机号与当前用户不符',
  opPwdSet: '设置成功',
} as const;

export type PayOrderKind = 'single' | 'batch' | 'adjust' | 'distribution' | 'refund';
export const PAY_ORDER_KIND_TEXT: Record<PayOrderKind, string> = {
  single: '单笔付款',
  batch: '批量付款',
  adjust: '调账',
  distribution: '分账',
  refund: '退款',
};
export type PayOrderStatus = 'draft' | 'pending' | 'approved' | 'executing' | 'succeeded' | 'failed' | 'partial' | 'rejected' | 'cancelled';
export const PAY_ORDER_STATUS_TEXT: Record<PayOrderStatus, string> = {
  draft: '草稿',
  pending: '待审批',
  approved: '已审批',
  executing: '执行中',
  succeeded: '成功',
  failed: '失败',
  partial: '部分成功',
  rejected: '已驳回',
  cancelled: '已撤销',
};
export type PayOrderAction = 'create' | 'submit' | 'edit' | 'approve' | 'reject' | 'cancel' | 'execute' | 'result';
export const PAY_ORDER_ACTION_TEXT: Record<PayOrderAction, string> = {
  create: '创建',
  submit: '提交',
  edit: '修改',
  approve: '审批通过',
  reject: '驳回',
  cancel: '撤销',
  execute: '开始执行',
  result: '执行结果',
};
