// 银行账户申请, shared by both views: the customers opened at a provider (their opened innet
// applications) to choose from, the form's rules as the server words them (contract bankApplyBody),
// and the apply call. The provider then walks the application; the list follows it live.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { bankApplyBody, BANK_APPLY_ACCT_TEXT, CUS_PATHS, type BankApplyAcctType, type BankApplyView, type InnetView } from '@contract/api/cus';
import { cusCall } from './api';

export interface BankApplyValues {
  innetId?: string;
  acctType?: BankApplyAcctType;
  remark?: string;
}
export const BANK_ACCT_OPTIONS = Object.entries(BANK_APPLY_ACCT_TEXT).map(([value, label]) => ({ value, label }));

/** The opened customers (one option per opened provider application). */
export function useOpenedInnets(open: boolean) {
  const [innets, setInnets] = useState<InnetView[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    cusCall<{ listData: InnetView[] }>(CUS_PATHS.innetInquiry, { status: 'opened' }, { pageNum: 1, pageSize: 200 }).then(
      (r) => live && setInnets(r.listData),
      () => live && setInnets([]),
    );
    return () => {
      live = false;
    };
  }, [open]);
  return innets.map((i) => ({ value: i.innetId, label: `${i.cusName}（${i.providerName}）`, cusCode: i.cusCode }));
}

/** The customer 客户详情's 申请银行账户 linked here with (?cusCode=), '' when none. */
export function useLinkedCusCode(): string {
  const [search] = useSearchParams();
  return search.get('cusCode') ?? '';
}

/** The opened application to preselect for the linked customer, once its options have loaded. */
export function useLinkedInnet(options: { value: string; cusCode: string }[], apply: (innetId: string) => void): void {
  const cusCode = useLinkedCusCode();
  const innetId = options.find((o) => o.cusCode === cusCode)?.value;
  useEffect(() => {
    if (innetId) apply(innetId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [innetId]);
}

/** The first problem of the values as the server words it, or null. */
export function bankApplyProblem(v: BankApplyValues, cusCode: string | undefined): string | null {
  if (!v.innetId || !cusCode) return '请选择已开通的客户';
  const r = bankApplyBody.safeParse({ cusCode, innetId: v.innetId, acctType: v.acctType, remark: v.remark ?? '' });
  return r.success ? null : (r.error.issues[0]?.message ?? '请检查输入');
}

/** Sends the application; answers the created one, throws with the server's refusal. */
export async function applyBankAccount(v: BankApplyValues, cusCode: string): Promise<BankApplyView> {
  const r = await cusCall<{ apply: BankApplyView }>(CUS_PATHS.bankApply, {
    cusCode,
    innetId: v.innetId,
    acctType: v.acctType,
    remark: v.remark?.trim() || undefined,
  });
  return r.apply;
}
