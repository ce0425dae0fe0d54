// Constants, texts and answer shapes of the customer and channel calls (issue 17 §1-§2); the
// request schemas are in ./cus.ts. Providers and their required materials live here so the
// onboarding form shows what the server will ask for.

export const CUS_PATHS = {
  /** Spec §7: a customer's detail (master data, accounts, materials, provider applications). */
  masterInquiry: '/cap/cus/v2/CusMastInfoInquiry',
  masterList: '/cap/cus/v1/CusMastInfoListInquiry',
  masterAdd: '/cap/cus/v1/CusMastInfoAddition',
  masterUpdate: '/cap/cus/v1/CusMastInfoUpdating',
  masterSubmit: '/cap/cus/v1/CusMastInfoSubmit',
  masterAuditPass: '/cap/cus/v1/CusMastInfoAuditPass',
  masterAuditReject: '/cap/cus/v1/CusMastInfoAuditReject',
  history: '/cap/cus/v1/CusHistoryInquiry',
  materialInquiry: '/cap/cus/v1/CusMaterialInquiry',
  /** Spelled as the spec spells it. */
  materialAdd: '/cap/cus/v1/CusMaterialAddtion',
  materialUpdate: '/cap/cus/v1/CusMaterialUpdating',
  innet: '/cap/cus/v1/CusChannelInnet',
  innetInquiry: '/cap/cus/v1/CusChannelInnetInquiry',
  innetCancel: '/cap/cus/v1/CusChannelInnetCancel',
  innetPayConfirm: '/cap/cus/v1/CusChannelInnetPayConfirm',
  innetSmsApply: '/cap/cus/v1/CusChannelInnetSmsApply',
  innetSmsConfirm: '/cap/cus/v1/CusChannelInnetSmsConfirm',
  innetSign: '/cap/cus/v1/CusChannelInnetSign',
  innetOpen: '/cap/cus/v1/CusChannelInnetOpen',
  configFee: '/cap/cus/v2/CusConfigFee',
  configFeeInquiry: '/cap/cus/v2/CusConfigFeeInquiry',
  contractInquiry: '/cap/cus/v1/CusContractInquiry',
  contractDetail: '/cap/cus/v1/CusContractDetail',
  /** Spec §7: PDF preview (?contractId=…; &download=1 answers it as an attachment). */
  pdfPreview: '/sys/common/pdf/pdfPreviewIframe',
  /** Invites the customer's administrator by SMS: a customer-side user bound to the cusCode (again: the SMS once more). */
  adminInvite: '/cap/cus/v1/CusAdminInvite',
  /** Bank-account-apply: a further account (a virtual bank account) through the provider the customer is opened with. */
  bankApply: '/cap/cus/v1/CusBankAcctApply',
  bankApplyInquiry: '/cap/cus/v1/CusBankAcctApplyInquiry',
  bankApplyCancel: '/cap/cus/v1/CusBankAcctApplyCancel',
} as const;

/** Codes per page and per button (server/modules/cus/menu.ts registers them). */
export const CUS_PERMS = {
  inquiry: 'cus:customer:inquiry',
  add: 'cus:customer:add',
  edit: 'cus:customer:edit',
  submit: 'cus:customer:submit',
  audit: 'cus:customer:audit',
  material: 'cus:material:edit',
  innetInquiry: 'cus:innet:inquiry',
  innetApply: 'cus:innet:apply',
  innetVerify: 'cus:innet:verify',
  innetSign: 'cus:innet:sign',
  innetOpen: 'cus:innet:open',
  fee: 'cus:fee:config',
  contract: 'cus:contract:inquiry',
  invite: 'cus:customer:invite',
  bankApplyInquiry: 'cus:bankAcct:inquiry',
  bankApply: 'cus:bankAcct:add',
} as const;

/** The live kind of innet applications on the notification socket ({cmd:'live', kind, id, status}; migration 0031). */
export const CUS_INNET_LIVE = 'cusInnet';

export const CUS_KINDS = ['enterprise', 'individual', 'person'] as const;
export type CusKind = (typeof CUS_KINDS)[number];
export const CUS_KIND_TEXT: Record<CusKind, string> = { enterprise: '企业', individual: '个体工商户', person: '个人' };
export const CUS_ROLES = ['customer', 'supplier', 'agent'] as const;

/** Review of the customer's master data and materials (four eyes). */
export const REVIEW_STATUSES = ['draft', 'submitted', 'returned', 'approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_TEXT: Record<ReviewStatus, string> = { draft: '草稿', submitted: '待审核', returned: '已退回', approved: '已通过' };

export const MATERIAL_TYPES = ['license', 'idFront', 'idBack', 'accountProof', 'premises', 'agreement'] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];
export const MATERIAL_TEXT: Record<MaterialType, string> = {
  license: '营业执照',
  idFront: '法人身份证人像面',
  idBack: '法人身份证国徽面',
  accountProof: '开户证明',
  premises: '经营场所照片',
  agreement: '签约协议',
};
/** Kinds of material that must be an image ('请上传图片'); the others may also be a PDF. */
export const IMAGE_MATERIALS: readonly MaterialType[] = ['idFront', 'idBack', 'premises'];
/** How many files a material may hold (premises photos are several, ordered). */
export const MATERIAL_MAX_FILES: Record<MaterialType, number> = { license: 1, idFront: 1, idBack: 1, accountProof: 1, premises: 9, agreement: 3 };
export const MATERIAL_MAX_MB = 5;
export const MATERIAL_MAX_BYTES = MATERIAL_MAX_MB * 1024 * 1024;
export const MATERIAL_EXTS = ['.png', '.jpg', '.jpeg', '.pdf'] as const;
/** What the review needs before a customer of each kind can be submitted. */
export const REQUIRED_MATERIALS: Record<CusKind, readonly MaterialType[]> = {
  enterprise: ['license', 'idFront', 'idBack', 'accountProof'],
  individual: ['license', 'idFront', 'idBack'],
  person: ['idFront', 'idBack'],
};

// ---- payment-provider applications (innet) ----
export const INNET_STATUSES = [
  'draft',
  'submitted',
  'under_review',
  'rejected',
  'awaiting_verification',
  'awaiting_signature',
  'opening',
  'opened',
  'cancelled',
  'failed',
] as const;
export type InnetStatus = (typeof INNET_STATUSES)[number];
export const INNET_STATUS_TEXT: Record<InnetStatus, string> = {
  draft: '草稿',
  submitted: '已提交',
  under_review: '审核中',
  rejected: '已驳回',
  awaiting_verification: '待打款验证',
  awaiting_signature: '待签约',
  opening: '开通中',
  opened: '已开通',
  cancelled: '已撤销',
  failed: '验证失败',
};

export interface ProviderField {
  key: string;
  label: string;
  /** Source of a RegExp the value must match, with its message. */
  pattern?: string;
  message?: string;
  options?: { value: string; text: string }[];
}
export interface ProviderInfo {
  code: string;
  name: string;
  products: { code: string; name: string }[];
  requiredMaterials: readonly MaterialType[];
  fields: ProviderField[];
}

/** The providers the built-in simulator stands in for; `kxb` is the provider behind the kxbCus list. */
export const INNET_PROVIDERS: ProviderInfo[] = [
  {
    code: 'hnpay',
    name: '华南支付',
    products: [
      { code: 'agreementPay', name: '协议支付' },
      { code: 'withhold', name: '代扣' },
    ],
    requiredMaterials: ['license', 'idFront', 'idBack', 'accountProof'],
    fields: [
      { key: 'merchantShortName', label: '商户简称', pattern: '^.{2,20}$', message: '商户简称为2到20个字符' },
      { key: 'servicePhone', label: '客服电话', pattern: '^(1\\d{10}|\\d{3,4}-\\d{7,8})$', message: '请输入正确的客服电话' },
    ],
  },
  {
    code: 'kxb',
    name: '快信宝',
    products: [{ code: 'scanPay', name: '扫码支付' }],
    requiredMaterials: ['license', 'idFront', 'idBack', 'accountProof', 'premises'],
    fields: [
      { key: 'merchantShortName', label: '商户简称', pattern: '^.{2,20}$', message: '商户简称为2到20个字符' },
      { key: 'mcc', label: '经营类目（MCC）', pattern: '^\\d{4}$', message: '请输入4位MCC码' },
      { key: 'storeName', label: '门店名称', pattern: '^.{2,40}$', message: '门店名称为2到40个字符' },
      {
        key: 'settleCycle',
        label: '结算周期',
        options: [
          { value: 'T1', text: 'T+1' },
          { value: 'D0', text: 'D+0' },
        ],
        message: '请选择结算周期',
      },
    ],
  },
];
export const providerByCode = (code: string): ProviderInfo | undefined => INNET_PROVIDERS.find((p) => p.code === code);

/** Wrong verification amounts before the verification fails. */
export const VERIFY_MAX_TRIES = 3;
/** SMS type of a signing code (one per application). */
export const signSmsType = (innetId: string) => `cusSign:${innetId}`;

/** The category code of the tenant's 行业分类: 所属行业 offers the categories under it (maintained in 分类字典). */
export const CUS_INDUSTRY_PCODE = 'industry';

export const CUS_MSG = {
  notFound: '客户不存在',
  nameRequired: '请输入客户名称',
  kind: '请选择客户类型',
  role: '请选择客户角色',
  legalName: '请输入法定代表人姓名',
  contactName: '请输入联系人姓名',
  area: '请选择正确的省市区',
  address: '请输入详细地址',
  industry: '行业分类不存在',
  bankName: '请输入开户银行',
  branchName: '请输入开户支行',
  creditRequired: '企业和个体工商户须填写统一社会信用代码',
  creditTaken: '统一社会信用代码已存在',
  versionStale: '客户资料已被他人修改，请刷新后重试',
  underReview: '客户资料审核中，不能修改',
  notDraft: '只有草稿或已退回的客户资料可以提交审核',
  notSubmitted: '该客户资料不在待审核状态',
  selfApprove: '不能审核自己提交的客户资料',
  rejectReason: '请填写退回原因（整体或逐项材料）',
  materialsMissing: (names: string[]) => `请先上传：${names.join('、')}`,
  materialNotFound: '材料不存在',
  materialType: '请选择材料类型',
  materialTooMany: (name: string, n: number) => `${name}最多${n}个文件`,
  fileNotFound: '文件不存在，请重新上传',
  imageOnly: '请上传图片',
  fileType: '材料只能是图片（png、jpg）或PDF',
  fileTooLarge: `材料文件不能超过${MATERIAL_MAX_MB}MB`,
  unknownOperation: '未知的操作',
  atLast: '已到最后~',
  atFirst: '已到最前~',
  notApproved: '客户资料未审核通过，不能申请进件',
  providerUnknown: '不支持的支付机构',
  productUnknown: '该支付机构不支持此产品',
  innetNotFound: '进件申请不存在',
  innetExists: '该客户在此支付机构进行中的入网申请已存在',
  innetState: (text: string, action: string) => `申请当前状态为「${text}」，不能${action}`,
  verifyWrong: (left: number) => `打款金额不正确，还可尝试${left}次`,
  verifyFailed: '打款金额错误次数过多，账户验证失败',
  smsFirst: '请先完成短信验证',
  feeFirst: '请先配置该支付机构的费率',
  mobileMissing: '法定代表人手机号码未登记',
  feeItems: '请配置费率',
  feeRate: '费率为0到100之间、最多2位小数的百分比',
  feeDup: '同一产品只能配置一条费率',
  contractNotFound: '合同不存在',
  inviteName: '请输入管理员姓名',
  inviteNotApproved: '客户资料审核通过后才能邀请管理员',
  inviteOther: (mobile: string) => `该客户已邀请管理员（${mobile}），不能再邀请其他手机号`,
  inviteMobileTaken: '该手机号已注册为其他用户，请更换手机号',
  inviteTooSoon: (s: number) => `请${s}秒后再发送邀请短信`,
  inviteSent: (mobile: string) => `邀请短信已发送至${mobile}`,
  inviteGroupTaken: '该客户的客户组已存在',
  bankApplyNotFound: '银行账户申请不存在',
  bankApplyNoInnet: '请选择该客户已开通的支付机构',
  bankApplyExists: '该客户此类账户的申请正在处理中',
  bankAccountExists: '该客户已有此类账户',
  bankApplyState: (text: string, action: string) => `申请当前状态为「${text}」，不能${action}`,
} as const;

/** The SMS of an invitation (the invited user signs in with this mobile and a login code). */
export const inviteSmsText = (system: string, inviter: string, cusName: string) =>
  `【${system}】${inviter}邀请您成为「${cusName}」的客户管理员。请打开${system}，选择手机号登录，用本手机号获取验证码登录，查看入驻进度和账户。`;

/** A mobile shown in part: 138****0004. */
export const maskMobile = (m: string) => (m.length >= 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : m);

/** The customer's invited administrator, as the customer's detail shows it. */
export interface CusAdminView {
  realname: string;
  /** Masked. */
  mobile: string;
  invitedBy: string;
  invitedAt: string;
  lastSentAt: string;
  sentCount: number;
  /** Whether they have signed in since. */
  signedIn: boolean;
}

// Answer shapes: ./cusViews.ts.
export * from './cusViews';

// ---- bank-account-apply ----
/** A further account the provider opens for an opened customer (the ledger opens one of the same type). */
export const BANK_APPLY_ACCT_TYPES = ['virtual'] as const;
export type BankApplyAcctType = (typeof BANK_APPLY_ACCT_TYPES)[number];
export const BANK_APPLY_ACCT_TEXT: Record<BankApplyAcctType, string> = { virtual: '虚拟银行账户' };
/** submitted → under_review → opened | rejected; cancelled before the provider decides. */
export const BANK_APPLY_STATUSES = ['submitted', 'under_review', 'opened', 'rejected', 'cancelled'] as const;
export type BankApplyStatus = (typeof BANK_APPLY_STATUSES)[number];
export const BANK_APPLY_STATUS_TEXT: Record<BankApplyStatus, string> = {
  submitted: '已提交',
  under_review: '审核中',
  opened: '已开通',
  rejected: '已驳回',
  cancelled: '已撤销',
};
export interface BankApplyView {
  applyId: string;
  cusCode: string;
  cusName: string;
  innetId: string;
  provider: string;
  providerName: string;
  acctType: BankApplyAcctType;
  acctTypeText: string;
  status: BankApplyStatus;
  statusText: string;
  version: number;
  remark: string;
  rejectReason: string;
  providerAccountNo: string | null;
  /** The ledger account opened with it. */
  acctNo: string | null;
  createdAt: string;
  updatedAt: string;
}
