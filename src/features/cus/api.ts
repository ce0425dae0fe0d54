// Calls of the 客户进件 pages (contract/api/cus.ts): customer master and review, materials, innet,
// fees, contracts and the contract PDF. Every call is silent and throws an Error carrying the
// server's own words (a 403 "不能审核自己提交的客户资料" included), so both views show them as they are.
import {
  CUS_PATHS,
  type ContractView,
  type CusAdminView,
  type CusMasterView,
  type FeeConfigView,
  type FeeItem,
  type HistoryView,
  type InnetView,
  type MasterFields,
  type MaterialType,
  type MaterialView,
} from '@contract/api/cus';
import type { AccountView, BankCardView } from '@contract/api/ledger';
import { capCall as cusCall, capKitPage } from '@/api/capCalls';
import { ApiError, serverMessage } from '@/api/errors';
import { capOrThrow, capPost, http } from '@/api/request';
import { fileUrl } from '@/components/upload/uploadApi';

const silent = { silent: true } as const;

/** One business call; a refusal throws with the server's message. A page of a /cap list as the list kit's page result. */
export { cusCall, capKitPage as kitPage };

interface Listed<T> {
  listData: T[];
  page: { count: number };
}

export interface CusDetail {
  master: CusMasterView;
  materials: MaterialView[];
  innets: InnetView[];
  accounts: AccountView[];
  bankCards: BankCardView[];
  /** The invited administrator (staff only; null when none). */
  admin: CusAdminView | null;
}
/** A material's address as the browser reads it (under the API base). */
const readable = (list: MaterialView[]) => list.map((m) => ({ ...m, url: fileUrl(m.filePath, m.url) }));
export const fetchCusDetail = async (cusCode: string) => {
  const d = await cusCall<CusDetail>(CUS_PATHS.masterInquiry, { cusCode });
  return { ...d, materials: readable(d.materials) };
};
/** Invites (or, same mobile, texts again) the customer's administrator; answers the server's words. */
export async function inviteAdmin(v: { cusCode: string; realname: string; mobile?: string }): Promise<{ admin: CusAdminView; message: string }> {
  try {
    const r = await capPost<{ admin: CusAdminView }>(CUS_PATHS.adminInvite, { ...v }, undefined, silent);
    const body = capOrThrow(r, true) as { admin: CusAdminView };
    return { admin: body.admin, message: serverMessage(r) ?? '邀请短信已发送' };
  } catch (err) {
    if (err instanceof ApiError) throw new Error(serverMessage(err.body) ?? err.message);
    throw err;
  }
}
export const fetchMasters = (fields: Record<string, unknown>, page = { pageNum: 1, pageSize: 50 }) =>
  cusCall<Listed<CusMasterView>>(CUS_PATHS.masterList, fields, page);

type Saved = { customer: CusMasterView };
export const createMaster = async (v: MasterFields) => (await cusCall<Saved>(CUS_PATHS.masterAdd, { ...v })).customer;
export const updateMaster = async (cusCode: string, version: number, v: MasterFields) =>
  (await cusCall<Saved>(CUS_PATHS.masterUpdate, { ...v, cusCode, version })).customer;
export const submitMaster = async (m: Pick<CusMasterView, 'cusCode' | 'version'>) =>
  (await cusCall<Saved>(CUS_PATHS.masterSubmit, { cusCode: m.cusCode, version: m.version })).customer;
export const approveMaster = async (m: Pick<CusMasterView, 'cusCode' | 'version'>) =>
  (await cusCall<Saved>(CUS_PATHS.masterAuditPass, { cusCode: m.cusCode, version: m.version })).customer;
export const returnMaster = async (m: Pick<CusMasterView, 'cusCode' | 'version'>, reason: string, materialReasons: { materialId: string; reason: string }[]) =>
  (await cusCall<Saved>(CUS_PATHS.masterAuditReject, { cusCode: m.cusCode, version: m.version, reason, materialReasons })).customer;

export const fetchMaterials = async (cusCode: string) =>
  readable((await cusCall<{ listData: MaterialView[] }>(CUS_PATHS.materialInquiry, { cusCode })).listData);
export const addMaterial = async (cusCode: string, materialType: MaterialType, filePath: string) =>
  (await cusCall<{ material: MaterialView }>(CUS_PATHS.materialAdd, { cusCode, materialType, filePath })).material;
export const updateMaterial = async (materialId: string, action: 'replace' | 'moveUp' | 'moveDown' | 'remove', filePath?: string) =>
  (await cusCall<{ listData: MaterialView[] }>(CUS_PATHS.materialUpdate, { materialId, action, filePath })).listData;

export const fetchHistory = async (cusCode: string) =>
  (await cusCall<Listed<HistoryView>>(CUS_PATHS.history, { cusCode }, { pageNum: 1, pageSize: 100 })).listData;

type InnetAnswer = { innet: InnetView };
export const fetchInnets = (fields: Record<string, unknown>, page = { pageNum: 1, pageSize: 100 }) =>
  cusCall<Listed<InnetView>>(CUS_PATHS.innetInquiry, fields, page);
export const applyInnet = async (b: {
  innetId?: string;
  cusCode?: string;
  provider?: string;
  product?: string;
  fields: Record<string, string>;
  draft?: boolean;
}) => (await cusCall<InnetAnswer>(CUS_PATHS.innet, b)).innet;
export const cancelInnet = async (innetId: string, reason: string) => (await cusCall<InnetAnswer>(CUS_PATHS.innetCancel, { innetId, reason })).innet;
export const payConfirm = async (innetId: string, amount: string) => (await cusCall<InnetAnswer>(CUS_PATHS.innetPayConfirm, { innetId, amount })).innet;
export const smsApply = async (innetId: string) => void (await cusCall<unknown>(CUS_PATHS.innetSmsApply, { innetId }));
export const smsConfirm = async (innetId: string, captcha: string) => (await cusCall<InnetAnswer>(CUS_PATHS.innetSmsConfirm, { innetId, captcha })).innet;
export const signInnet = async (innetId: string) => cusCall<{ innet: InnetView; contract: ContractView }>(CUS_PATHS.innetSign, { innetId });
export const openInnet = async (innetId: string) => (await cusCall<InnetAnswer>(CUS_PATHS.innetOpen, { innetId })).innet;

export const fetchFees = async (cusCode: string, provider?: string) =>
  (await cusCall<{ listData: FeeConfigView[] }>(CUS_PATHS.configFeeInquiry, { cusCode, provider })).listData;
export const configFee = async (cusCode: string, provider: string, items: FeeItem[]) =>
  (await cusCall<{ fee: FeeConfigView }>(CUS_PATHS.configFee, { cusCode, provider, items })).fee;

export const fetchContracts = (fields: Record<string, unknown>, page = { pageNum: 1, pageSize: 50 }) =>
  cusCall<Listed<ContractView>>(CUS_PATHS.contractInquiry, fields, page);

/** The contract PDF as an object URL (the iframe cannot send the session header itself); revoke it when done. */
export async function contractPdfUrl(contractId: string): Promise<string> {
  try {
    const res = await http.get<Blob>(CUS_PATHS.pdfPreview, { params: { contractId }, responseType: 'blob', silent: true } as never);
    return URL.createObjectURL(new Blob([res.data], { type: 'application/pdf' }));
  } catch (err) {
    throw new Error(err instanceof ApiError ? err.message : '合同预览失败');
  }
}
