// Plain rules of the 客户进件 pages, shared by both views (no antd here): status tags, options,
// the steps of the onboarding form, the draft kept between visits, and how a material's new list
// of files becomes the server's add / remove / move calls.
import { z } from 'zod';
import {
  creditRule,
  CUS_MSG,
  masterFields,
  CUS_KIND_TEXT,
  CUS_KINDS,
  CUS_ROLES,
  INNET_PROVIDERS,
  INNET_STATUS_TEXT,
  INNET_STATUSES,
  MATERIAL_TYPES,
  REQUIRED_MATERIALS,
  REVIEW_STATUS_TEXT,
  REVIEW_STATUSES,
  type CusKind,
  type InnetStatus,
  type MasterFields,
  type MaterialType,
  type MaterialView,
  type ReviewStatus,
} from '@contract/api/cus';
import type { TagTone } from '@/components/statusTags';
import { formatDateTime } from '@contract/time';

export const ROLE_TEXT: Record<(typeof CUS_ROLES)[number], string> = { customer: '客户', supplier: '供应商', agent: '代理商' };
const opts = <K extends string>(keys: readonly K[], text: Record<K, string>) => keys.map((k) => ({ value: k, label: text[k] }));
export const KIND_OPTIONS = opts(CUS_KINDS, CUS_KIND_TEXT);
export const ROLE_OPTIONS = opts(CUS_ROLES, ROLE_TEXT);
export const REVIEW_OPTIONS = opts(REVIEW_STATUSES, REVIEW_STATUS_TEXT);
export const INNET_STATUS_OPTIONS = opts(INNET_STATUSES, INNET_STATUS_TEXT);
export const PROVIDER_OPTIONS = INNET_PROVIDERS.map((p) => ({ value: p.code, label: p.name }));

const REVIEW_TONE: Record<ReviewStatus, TagTone> = { draft: 'default', submitted: 'orange', returned: 'magenta', approved: 'green' };
export const reviewTag = (s: ReviewStatus) => ({ text: REVIEW_STATUS_TEXT[s] ?? s, color: REVIEW_TONE[s] ?? 'default' });

const INNET_TONE: Record<InnetStatus, TagTone> = {
  draft: 'default',
  submitted: 'blue',
  under_review: 'processing',
  rejected: 'magenta',
  awaiting_verification: 'orange',
  awaiting_signature: 'gold',
  opening: 'processing',
  opened: 'green',
  cancelled: 'default',
  failed: 'red',
};
export const innetTag = (s: InnetStatus, providerName?: string) => ({
  text: providerName ? `${providerName}·${INNET_STATUS_TEXT[s] ?? s}` : (INNET_STATUS_TEXT[s] ?? s),
  color: INNET_TONE[s] ?? 'default',
});

// ---- the onboarding form ----
/** The form's values: the master fields, the area as one district code (the area picker's value). */
export type EntryValues = Partial<Omit<MasterFields, 'provinceCode' | 'cityCode' | 'districtCode'>> & { area?: string };

export const ENTRY_STEPS = [
  { title: '主体信息', fields: ['cusKind', 'cusType', 'cusName', 'creditCode', 'industryId'] },
  { title: '法人与联系人', fields: ['legalName', 'legalIdNo', 'legalMobile', 'contactName', 'mobile'] },
  { title: '地址与结算', fields: ['area', 'address', 'settleCardNo', 'settleBankName', 'settleBranchName'] },
  { title: '上传材料', fields: [] },
  { title: '提交审核', fields: [] },
] as const;
export const MATERIAL_STEP = 3;
export const SUBMIT_STEP = 4;

export const FIELD_LABEL: Record<string, string> = {
  cusKind: '客户类型',
  cusType: '客户角色',
  cusName: '客户名称',
  creditCode: '统一社会信用代码',
  legalName: '法定代表人',
  legalIdNo: '法人身份证号',
  legalMobile: '法人手机号',
  contactName: '联系人',
  mobile: '联系人手机号',
  area: '注册地址（省市区）',
  address: '详细地址',
  industryId: '所属行业',
  settleCardNo: '结算银行卡号',
  settleBankName: '开户银行',
  settleBranchName: '开户支行',
};

/** The form's values of a loaded customer. */
export function valuesOf(m: Partial<MasterFields> & { districtCode?: string | null }): EntryValues {
  const out: EntryValues = {};
  for (const k of Object.keys(FIELD_LABEL)) {
    const v = (m as Record<string, unknown>)[k];
    if (typeof v === 'string' && v) (out as Record<string, string>)[k] = v;
  }
  if (m.districtCode) out.area = m.districtCode;
  return out;
}

/** The wire's master fields from the form's values and the area's path [province, city, district]. */
export function masterOf(v: EntryValues, areaPath: string[]): Record<string, unknown> {
  const { area: _area, ...rest } = v;
  const [provinceCode = '', cityCode = '', districtCode = ''] = areaPath;
  return { ...rest, cusType: rest.cusType ?? 'customer', provinceCode, cityCode, districtCode };
}

// ---- the draft kept between visits ----
export interface EntryDraft {
  cusCode?: string;
  step: number;
  values: EntryValues;
  savedAt: number;
}
const draftKey = (who: string, cusCode?: string) => `boss:cusEntryDraft:${who}:${cusCode ?? 'new'}`;
export function loadDraft(who: string, cusCode?: string): EntryDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(who, cusCode));
    return raw ? (JSON.parse(raw) as EntryDraft) : null;
  } catch {
    return null;
  }
}
export function saveDraft(who: string, draft: Omit<EntryDraft, 'savedAt'>, cusCode?: string): void {
  try {
    localStorage.setItem(draftKey(who, cusCode), JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    /* storage full or off: the draft is only a convenience */
  }
}
export function clearDraft(who: string, cusCode?: string): void {
  localStorage.removeItem(draftKey(who, cusCode));
}

// ---- materials ----
export const materialsOfType = (list: MaterialView[], type: MaterialType) => list.filter((m) => m.materialType === type).sort((a, b) => a.sortNo - b.sortNo);
/** The upload field's value of one material type: its stored paths in order. */
export const materialValue = (list: MaterialView[], type: MaterialType) =>
  materialsOfType(list, type)
    .map((m) => m.filePath)
    .join(',');

export type MaterialOp = { kind: 'add'; path: string } | { kind: 'remove'; id: string } | { kind: 'moveUp'; id: string };
/** The calls that turn the stored files of a type into `wanted` (paths in order): removals, additions, then moves. */
export function materialOps(current: MaterialView[], wanted: string[]): MaterialOp[] {
  const ops: MaterialOp[] = [];
  for (const m of current) if (!wanted.includes(m.filePath)) ops.push({ kind: 'remove', id: m.id });
  for (const p of wanted) if (!current.some((m) => m.filePath === p)) ops.push({ kind: 'add', path: p });
  return ops;
}
/** After adds and removes: one move up that brings the order closer to `wanted`, or null when it matches. */
export function nextMove(current: MaterialView[], wanted: string[]): MaterialOp | null {
  const order = current.map((m) => m.filePath);
  for (let i = 1; i < order.length; i++) {
    if (wanted.indexOf(order[i]) < wanted.indexOf(order[i - 1])) return { kind: 'moveUp', id: current[i].id };
  }
  return null;
}
export const requiredMaterials = (kind: CusKind | undefined) => REQUIRED_MATERIALS[kind ?? 'enterprise'];
export const missingMaterialTypes = (kind: CusKind | undefined, list: MaterialView[]) =>
  requiredMaterials(kind).filter((t) => !list.some((m) => m.materialType === t));
export const MATERIAL_ORDER = MATERIAL_TYPES;

/** The form's schema: the contract's master fields with the area as one district code (§5 texts come from the contract). */
export const entrySchema = masterFields
  .omit({ provinceCode: true, cityCode: true, districtCode: true })
  .extend({ area: z.string({ error: CUS_MSG.area }).regex(/^\d{6}$/, CUS_MSG.area) })
  .superRefine(creditRule);

// ---- the customer list's query → CusMastInfoListInquiry ----
const unwrap = (v: string | undefined) => v?.replace(/^\*|\*$/g, '').trim() || undefined;
/**
 * The list kit's parameters as the list call's fields. The call filters by status, kind, role and a
 * keyword (name or code), so the super query's conditions on those fields are sent as such; a
 * condition on another field, or an 'or' match, is answered with the message the page shows.
 */
export function masterListFields(params: Record<string, string>): { fields: Record<string, unknown>; unsupported: string | null } {
  const fields: Record<string, unknown> = {
    reviewStatus: params.reviewStatus || undefined,
    cusKind: params.cusKind || undefined,
    cusType: params.cusType || undefined,
    keyword: unwrap(params.cusName) ?? unwrap(params.cusCode),
  };
  let unsupported: string | null = null;
  if (params.superQueryParams) {
    let rows: { field: string; rule: string; val: string | string[] }[] = [];
    try {
      rows = JSON.parse(decodeURIComponent(params.superQueryParams)) as typeof rows;
    } catch {
      rows = [];
    }
    if (rows.length > 1 && params.superQueryMatchType === 'or') unsupported = '客户列表的高级查询只支持“所有条件都满足”';
    for (const r of rows) {
      const val = Array.isArray(r.val) ? r.val[0] : r.val;
      if (['reviewStatus', 'cusKind', 'cusType'].includes(r.field) && (r.rule === 'eq' || r.rule === 'in')) fields[r.field] = val;
      else if ((r.field === 'cusName' || r.field === 'cusCode') && (r.rule === 'like' || r.rule === 'eq')) fields.keyword = val;
      else unsupported = '客户列表的高级查询只支持按状态、类型、角色等于，按名称或编号包含';
    }
  }
  return { fields, unsupported };
}

/** A time column of the list pages ('2026-05-01 10:00:00'). */
export const timeColumn = <K extends string>(dataIndex: K, title: string) => ({
  dataIndex,
  title,
  width: 170,
  render: (v: unknown) => (v ? formatDateTime(String(v)) : '—'),
});
/** A provider product's name ('agreementPay' → 协议支付). */
export const productName = (provider: string, product: string) =>
  INNET_PROVIDERS.find((p) => p.code === provider)?.products.find((x) => x.code === product)?.name ?? product;
