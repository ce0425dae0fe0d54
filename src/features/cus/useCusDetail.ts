// One onboarded customer (?cusCode=…), shared by both views: master data, materials, provider
// applications, accounts, contracts and history; reloads while a provider is still moving it.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContractView, HistoryView } from '@contract/api/cus';
import { failureMessage } from '@/components/dialogs/formRules';
import { fetchContracts, fetchCusDetail, fetchHistory, type CusDetail } from './api';
import { INNET_MOVING } from './rules';

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
  const moving = !!detail?.innets.some((i) => INNET_MOVING.includes(i.status));
  useEffect(() => {
    if (!moving) return;
    const t = setInterval(() => void load(), 2000);
    return () => clearInterval(t);
  }, [moving, load]);

  return { cusCode, detail, history, contracts, error, reload: load, tab: params.get('tab') ?? 'master' };
}
