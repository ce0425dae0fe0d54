// Customer onboarding and payment-provider innet (issue 17 §1-§2), in the business envelope of §7.
//
// Customer review (four eyes):  draft → submitted (maker) → approved | returned (checker, reasons per
//   material) ; returned → submitted again. A change to an approved customer puts it back to draft.
//   The maker can never approve their own submission (403, and a CHECK in the database).
// Innet, one application per customer and provider:
//   draft → submitted (CusChannelInnet) → under_review → rejected (reasons per field; fix, resubmit)
//   | awaiting_verification (PayConfirm; 3 wrong amounts → failed) → awaiting_signature (SmsApply,
//   SmsConfirm, Sign) → opening (Open) → opened ; cancelled from any state before opening.
// The provider answers asynchronously; its callbacks may come late, twice or out of order.
import { z } from 'zod';
import { creditCodeField, nationalIdField } from '../idCodes';
import { amountField } from '../money';
import { RX, V } from '../validation';
import { BANK_APPLY_ACCT_TYPES, BANK_APPLY_STATUSES, CUS_KINDS, CUS_MSG, CUS_ROLES, MATERIAL_TYPES } from './cusWire';

export * from './cusWire';

const envelope = { context: z.record(z.string(), z.unknown()).optional() };
const page = z.object({ pageSize: z.number().int().min(1).max(200), pageNum: z.number().int().min(1).max(100_000) }).optional();
const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, `最多${max}个字符`);
const optText = (max: number) => z.string().trim().max(max, `最多${max}个字符`).optional();
const cusCode = z.string({ error: V.cusCodeEmpty }).trim().min(1, V.cusCodeEmpty).max(50, V.cusCodeEmpty);
const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);
const innetId = id(CUS_MSG.innetNotFound);
const version = z.number({ error: CUS_MSG.versionStale }).int().min(1, CUS_MSG.versionStale);
/** A real mobile (the SMS goes there): 11 digits starting with 1. */
const mobile = z
  .string({ error: V.mobileRequired })
  .trim()
  .min(1, V.mobileRequired)
  .regex(/^1\d{10}$/, V.mobileInvalid);
const areaCode = z
  .string({ error: CUS_MSG.area })
  .trim()
  .regex(/^\d{6}$/, CUS_MSG.area);
const optional = <T extends z.ZodTypeAny>(s: T) => z.union([z.literal('').transform(() => undefined), s]).optional();

/** The master data a maker enters; the area codes are checked against the §3 tree (contract/area.ts) on the server. */
export const masterFields = z.object({
  cusName: text(100, CUS_MSG.nameRequired),
  cusKind: z.enum(CUS_KINDS, { error: CUS_MSG.kind }),
  cusType: z.enum(CUS_ROLES, { error: CUS_MSG.role }).default('customer'),
  creditCode: optional(creditCodeField),
  legalName: text(50, CUS_MSG.legalName),
  legalIdNo: nationalIdField,
  legalMobile: mobile,
  contactName: text(50, CUS_MSG.contactName),
  mobile,
  provinceCode: areaCode,
  cityCode: areaCode,
  districtCode: areaCode,
  address: text(200, CUS_MSG.address),
  /** A category of the tenant's tree (the category picker's value). */
  industryId: optional(z.string().trim().max(64, CUS_MSG.industry)),
  settleCardNo: z.string({ error: V.bankCard }).trim().regex(RX.bankCard, V.bankCard),
  settleBankName: text(50, CUS_MSG.bankName),
  settleBranchName: text(100, CUS_MSG.branchName),
});
export type MasterFields = z.output<typeof masterFields>;
/** Enterprises and individual businesses need the credit code (the form checks the same rule). */
export const creditRule = (v: { cusKind?: string; creditCode?: string }, ctx: z.RefinementCtx) => {
  if (v.cusKind && v.cusKind !== 'person' && !v.creditCode) ctx.addIssue({ code: 'custom', message: CUS_MSG.creditRequired, path: ['creditCode'] });
};

export const masterAddBody = z.object({ ...envelope, ...masterFields.shape }).superRefine(creditRule);
export const masterUpdateBody = z.object({ ...envelope, cusCode, version, ...masterFields.shape }).superRefine(creditRule);
export const masterInquiryBody = z.object({ ...envelope, cusCode });
/** A first invitation names the administrator's mobile; without one, the standing invitation's SMS goes out again. */
export const adminInviteBody = z.object({ ...envelope, cusCode, realname: text(30, CUS_MSG.inviteName), mobile: mobile.optional() });
export const masterListBody = z.object({
  ...envelope,
  page,
  reviewStatus: z.enum(['draft', 'submitted', 'returned', 'approved'], { error: '状态不正确' }).optional(),
  cusKind: z.enum(CUS_KINDS, { error: CUS_MSG.kind }).optional(),
  cusType: z.enum(CUS_ROLES, { error: CUS_MSG.role }).optional(),
  keyword: optText(50),
  /** Submitted customers others made, for the checker's queue. */
  pendingForMe: z.boolean().optional(),
});
export const masterSubmitBody = z.object({ ...envelope, cusCode, version });
export const masterAuditPassBody = z.object({ ...envelope, cusCode, version });
export const masterAuditRejectBody = z.object({
  ...envelope,
  cusCode,
  version,
  reason: optText(200),
  materialReasons: z
    .array(z.object({ materialId: id(CUS_MSG.materialNotFound), reason: text(200, CUS_MSG.rejectReason) }), { error: CUS_MSG.rejectReason })
    .max(50)
    .default([]),
});
export const historyBody = z.object({ ...envelope, page, cusCode, innetId: innetId.optional() });

export const materialInquiryBody = z.object({ ...envelope, cusCode });
export const materialAddBody = z.object({
  ...envelope,
  cusCode,
  materialType: z.enum(MATERIAL_TYPES, { error: CUS_MSG.materialType }),
  /** result.filePath of FileUpload. */
  filePath: text(300, CUS_MSG.fileNotFound),
});
export const materialUpdateBody = z
  .object({
    ...envelope,
    materialId: id(CUS_MSG.materialNotFound),
    action: z.enum(['replace', 'moveUp', 'moveDown', 'remove'], { error: CUS_MSG.unknownOperation }),
    filePath: z.string().trim().max(300).optional(),
  })
  .refine((b) => b.action !== 'replace' || !!b.filePath, { message: CUS_MSG.fileNotFound, path: ['filePath'] });

const providerCode = z.string({ error: CUS_MSG.providerUnknown }).trim().min(1, CUS_MSG.providerUnknown).max(20, CUS_MSG.providerUnknown);
export const innetBody = z.object({
  ...envelope,
  /** Resubmit (or submit a draft) of this application; absent: a new one. */
  innetId: innetId.optional(),
  cusCode: cusCode.optional(),
  provider: providerCode.optional(),
  product: z.string().trim().max(30).optional(),
  /** The provider's own fields (INNET_PROVIDERS[].fields). */
  fields: z.record(z.string().max(40), z.string().trim().max(100, '最多100个字符')).default({}),
  draft: z.boolean().default(false),
});
export const innetInquiryBody = z.object({
  ...envelope,
  page,
  cusCode: cusCode.optional(),
  provider: providerCode.optional(),
  status: z.string().trim().max(30).optional(),
  innetId: innetId.optional(),
});
export const innetCancelBody = z.object({ ...envelope, innetId, reason: text(200, '请输入撤销原因') });
export const innetPayConfirmBody = z.object({ ...envelope, innetId, amount: amountField });
export const innetSmsApplyBody = z.object({ ...envelope, innetId });
export const innetSmsConfirmBody = z.object({
  ...envelope,
  innetId,
  captcha: z
    .string({ error: V.captchaRequired })
    .trim()
    .regex(/^\d{4,8}$/, V.captchaRequired),
});
export const innetSignBody = z.object({ ...envelope, innetId });
export const innetOpenBody = z.object({ ...envelope, innetId });

/** Fee rate in percent, 0-100 with at most 2 decimals. */
export const FEE_RATE_RX = /^(100(\.0{1,2})?|[1-9]?\d(\.\d{1,2})?)$/;
const yuanOrEmpty = z.union([z.literal(''), amountField]).default('');
export const configFeeBody = z.object({
  ...envelope,
  cusCode,
  provider: providerCode,
  items: z
    .array(
      z.object({
        product: text(30, CUS_MSG.productUnknown),
        rate: z.string({ error: CUS_MSG.feeRate }).trim().regex(FEE_RATE_RX, CUS_MSG.feeRate),
        minFee: yuanOrEmpty,
        maxFee: yuanOrEmpty,
      }),
      { error: CUS_MSG.feeItems },
    )
    .min(1, CUS_MSG.feeItems)
    .max(20, CUS_MSG.feeItems),
});
export const configFeeInquiryBody = z.object({ ...envelope, cusCode, provider: providerCode.optional() });
export const contractInquiryBody = z.object({ ...envelope, page, cusCode: cusCode.optional(), provider: providerCode.optional() });
export const contractDetailBody = z.object({ ...envelope, contractId: id(CUS_MSG.contractNotFound) });
export const pdfPreviewQuery = z.object({ contractId: id(CUS_MSG.contractNotFound), download: z.enum(['0', '1']).optional() }).passthrough();

const applyId = id(CUS_MSG.bankApplyNotFound);
export const bankApplyBody = z.object({
  ...envelope,
  cusCode,
  /** The customer's opened innet application: its provider opens the account. */
  innetId: id(CUS_MSG.bankApplyNoInnet),
  acctType: z.enum(BANK_APPLY_ACCT_TYPES, { error: '请选择账户类型' }),
  remark: optText(200),
});
export const bankApplyInquiryBody = z.object({
  ...envelope,
  page,
  cusCode: cusCode.optional(),
  status: z.enum(BANK_APPLY_STATUSES, { error: '状态不正确' }).optional(),
  applyId: applyId.optional(),
});
export const bankApplyCancelBody = z.object({ ...envelope, applyId, reason: text(200, '请输入撤销原因') });
