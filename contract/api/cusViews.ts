// Answer shapes of the customer and channel calls (issue 17 §1-§2): master data, materials,
// provider applications, fees, contracts and history, as the server answers them.
import type { CusKind, ReviewStatus, MaterialType, InnetStatus } from './cusWire';
export interface CusMasterView {
  cusCode: string;
  cusName: string;
  cusKind: CusKind;
  cusType: 'customer' | 'supplier' | 'agent';
  creditCode: string | null;
  legalName: string | null;
  legalIdNo: string | null;
  legalMobile: string | null;
  contactName: string | null;
  mobile: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  industryId: string | null;
  /** The industry category's name. */
  industryName: string | null;
  settleCardNo: string | null;
  settleBankName: string | null;
  settleBranchName: string | null;
  status: 'enabled' | 'disabled';
  reviewStatus: ReviewStatus;
  reviewStatusText: string;
  reviewReason: string | null;
  version: number;
  makerName: string | null;
  checkerName: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface MaterialView {
  id: string;
  cusCode: string;
  materialType: MaterialType;
  materialText: string;
  filePath: string;
  url: string;
  fileName: string;
  isImage: boolean;
  size: number;
  sortNo: number;
  status: 'pending' | 'approved' | 'returned';
  returnReason: string | null;
  updatedAt: string;
}
export interface InnetView {
  innetId: string;
  cusCode: string;
  cusName: string;
  provider: string;
  providerName: string;
  product: string;
  status: InnetStatus;
  statusText: string;
  version: number;
  fields: Record<string, string>;
  /** The provider's reasons of the last rejection, per field. */
  rejectReasons: { field: string; label: string; reason: string }[];
  verifyTriesLeft: number;
  smsConfirmed: boolean;
  providerAccountNo: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface FeeItem {
  product: string;
  /** Percent with at most 2 decimals ('0.38'). */
  rate: string;
  /** Yuan strings; '' when none. */
  minFee: string;
  maxFee: string;
}
export interface FeeConfigView {
  cusCode: string;
  provider: string;
  version: number;
  items: FeeItem[];
  createdBy: string;
  createdAt: string;
}
export interface ContractView {
  contractId: string;
  contractNo: string;
  cusCode: string;
  cusName: string;
  innetId: string;
  provider: string;
  providerName: string;
  product: string;
  feeVersion: number;
  validFrom: string;
  validTo: string;
  status: 'signed' | 'effective' | 'terminated';
  signedAt: string;
  pdfUrl: string;
}
export interface HistoryView {
  id: string;
  cusCode: string;
  innetId: string | null;
  action: string;
  actionText: string;
  fromStatus: string | null;
  toStatus: string | null;
  version: number;
  reason: string;
  detail: Record<string, unknown>;
  actorName: string;
  createdAt: string;
}

/** What each history row records (HistoryView.action). */
export const HISTORY_ACTION_TEXT: Record<string, string> = {
  create: '新建客户',
  update: '修改客户资料',
  submit: '提交审核',
  approve: '审核通过',
  return: '审核退回',
  materialAdd: '上传材料',
  materialReplace: '更换材料',
  materialMove: '调整材料顺序',
  materialRemove: '删除材料',
  innetDraft: '保存进件草稿',
  innetSubmit: '提交进件',
  innetAccepted: '支付机构受理',
  innetApproved: '支付机构审核通过，已打款验证',
  innetRejected: '支付机构驳回',
  innetCancel: '撤销进件',
  verifyPassed: '打款验证通过',
  verifyFailed: '打款验证失败',
  smsConfirmed: '短信验证通过',
  sign: '签约',
  openRequested: '申请开通',
  opened: '开通成功',
  fee: '配置费率',
  inviteAdmin: '邀请管理员',
  inviteResend: '重发邀请短信',
};
