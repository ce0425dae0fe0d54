// One onboarded customer (?cusCode=…), shared by both views: master data, materials, provider
// applications, accounts, contracts and history; live: it reloads when the socket says an
// application the user may see changed state (a provider callback, another user's action).
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CUS_INNET_LIVE, CUS_PERMS, type ContractView, type HistoryView } from '@contract/api/cus';
import { failureMessage } from '@/components/dialogs/formRules';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { useCan } from '@/hooks/useCan';
import { fetchContracts, fetchCusDetail, fetchHistory, type CusDetail } from './api';

export function useCusDetail(cusCodeArg?: string) {
  const [params] = useSearchParams();
  const cusCode = (cusCodeArg ?? params.get('cusCode') ?? '').trim();
  const [detail, setDetail] = useState<CusDetail | null>(null);
  const [history, setHistory] = useState<HistoryView[]>([]);
  const [contracts, setContracts] = useState<ContractView[]>([]);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!cusCode) {
      setError('请从客户列表选择客户');
      return;
    }
    try {
      const d = await fetchCusDetail(cusCode);
      setDetail(d);
      setError(null);
      const [h, c] = await Promise.all([fetchHistory(cusCode).catch(() => []), fetchContracts({ cusCode }).catch(() => ({ listData: [] }))]);
      setHistory(h);
      setContracts(c.listData);
    } catch (err) {
      setError(failureMessage(err, '客户详情查询失败'));
    }
  }, [cusCode]);

  useEffect(() => {
    void load();
  }, [load]);
  useLiveRefresh(cusCode ? { kind: CUS_INNET_LIVE } : null, () => void load());

  const can = useCan();
  /** 申请银行账户: a user who may apply, for a customer opened at a provider (the accounts section links to 银行账户申请). */
  const bankApplyAllowed = !!detail && can(CUS_PERMS.bankApply) && detail.innets.some((i) => i.status === 'opened');

  return { cusCode, detail, history, contracts, error, reload: load, tab: params.get('tab') ?? 'master', bankApplyAllowed };
}
