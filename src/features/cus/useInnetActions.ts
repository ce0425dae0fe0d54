// The innet board's actions, shared by its views: a new application (or a draft / rejected one
// again) with the provider's own fields, and signing — the fee schedule the contract needs, the
// signing SMS with its 60 s countdown and the server's '验证码已发送，有效期5分钟，请注意查收', the code,
// then 签约. Verification amount, cancel and open are single calls (api.ts).
import { useCallback, useEffect, useState } from 'react';
import { providerByCode, type CusMasterView, type FeeConfigView, type FeeItem, type InnetView } from '@contract/api/cus';
import { useSmsSender } from '@/hooks/useSmsCountdown';
import { applyInnet, configFee, fetchFees, fetchMasters, signInnet, smsApply, smsConfirm } from './api';

/** The approved customers a new application may be for. */
export function useApprovedCustomers(enabled: boolean) {
  const [list, setList] = useState<CusMasterView[]>([]);
  useEffect(() => {
    if (!enabled) return;
    fetchMasters({ reviewStatus: 'approved' }, { pageNum: 1, pageSize: 200 }).then(
      (r) => setList(r.listData),
      () => setList([]),
    );
  }, [enabled]);
  return list;
}

/** A provider field's problem (its pattern and message), or null. */
export function providerFieldProblem(provider: string, key: string, value: string | undefined): string | null {
  const f = providerByCode(provider)?.fields.find((x) => x.key === key);
  if (!f) return null;
  if (!value) return f.options ? `请选择${f.label}` : `请填写${f.label}`;
  if (f.pattern && !new RegExp(f.pattern).test(value)) return f.message ?? `${f.label}格式不正确`;
  return null;
}

export async function submitApplication(v: { innet?: InnetView; cusCode?: string; provider: string; product?: string; fields: Record<string, string> }) {
  return applyInnet(
    v.innet ? { innetId: v.innet.innetId, fields: v.fields } : { cusCode: v.cusCode, provider: v.provider, product: v.product, fields: v.fields },
  );
}

export function useInnetSign(innet: InnetView | null) {
  const [fees, setFees] = useState<FeeConfigView[] | null>(null);
  const [smsConfirmed, setSmsConfirmed] = useState(false);
  const load = useCallback(async () => {
    if (!innet) return;
    setSmsConfirmed(innet.smsConfirmed);
    setFees(await fetchFees(innet.cusCode, innet.provider).catch(() => []));
  }, [innet]);
  useEffect(() => {
    void load();
  }, [load]);
  const sms = useSmsSender({ send: useCallback(() => smsApply(innet?.innetId ?? ''), [innet]) });
  const saveFee = useCallback(
    async (items: FeeItem[]) => {
      if (!innet) return;
      await configFee(innet.cusCode, innet.provider, items);
      await load();
    },
    [innet, load],
  );
  const confirmCode = useCallback(
    async (code: string) => {
      if (!innet) return;
      const v = await smsConfirm(innet.innetId, code);
      setSmsConfirmed(v.smsConfirmed);
    },
    [innet],
  );
  const sign = useCallback(async () => (innet ? signInnet(innet.innetId) : null), [innet]);
  const products = innet ? (providerByCode(innet.provider)?.products ?? []) : [];
  return { fees, hasFee: !!fees?.length, saveFee, sms, smsConfirmed, confirmCode, sign, products };
}
