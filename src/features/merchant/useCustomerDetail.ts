// One customer's detail (?cusCode=…), shared by both views: the customer, accounts with balance /
// frozen / available, bound cards and the latest entries; enable and disable for holders of the
// status code, after which the detail reloads so the status shown is the server's.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PAY_PERMS } from '@contract/api/pay';
import { failureMessage } from '@/components/dialogs/formRules';
import { session } from '@/stores/session';
import { disableCustomer, enableCustomer, fetchCustomerDetail, type CustomerDetail } from './api';
import { may } from './rules';

export function useCustomerDetail() {
  const [params] = useSearchParams();
  const cusCode = (params.get('cusCode') ?? '').trim();
  const perms = useSnapshot(session);
  const [detail, setDetail] = useState<CustomerDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    if (!cusCode) {
      setError('请从客户列表选择客户');
      return;
    }
    setLoading(true);
    setError(null);
    try {
      setDetail(await fetchCustomerDetail(cusCode));
    } catch (err) {
      setDetail(null);
      setError(failureMessage(err, '客户详情查询失败'));
    } finally {
      setLoading(false);
    }
  }, [cusCode]);

  useEffect(() => {
    void load();
  }, [load]);

  const enable = useCallback(async () => {
    await enableCustomer(cusCode);
    await load();
  }, [cusCode, load]);
  const disable = useCallback(
    async (reason: string) => {
      await disableCustomer(cusCode, reason);
      await load();
    },
    [cusCode, load],
  );

  const canChangeStatus = may(PAY_PERMS.customerStatus, { auth: perms.auth as never, allAuth: perms.allAuth as never });
  const acctNos = new Set(detail?.accounts.map((a) => a.acctNo) ?? []);
  return { cusCode, detail, error, loading, reload: load, enable, disable, canChangeStatus, acctNos };
}
