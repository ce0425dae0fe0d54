// 银行卡 (/payCus/bankCard) on the list kit: the bank cards bound to a customer (masked unless the
// user decrypted their data) and 绑定银行卡 (button code payCus:bankCard:bind) with the §5 bank-card
// rule. Staff name the customer code; a customer user sees and binds their own.
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LEDGER_PATHS, LEDGER_PERMS } from '@contract/api/ledger';
import { hasPermission } from '@contract/permission';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { useIsMobile } from '@/hooks/useDevice';
import { session } from '@/stores/session';
import { CusCodeHint } from './CusCodeHint';
import { cardPage, lastCusCode, ownCusCode, type CardRow } from './ledgerApi';

const BindDesktop = lazy(() => import('./BankCardBind.desktop'));
const BindMobile = lazy(() => import('./BankCardBind.mobile'));
const BindBarMobile = lazy(() => import('./BankCardBind.mobile').then((m) => ({ default: m.BindBar })));

export default function BankCardList(_props: PageProps) {
  const mobile = useIsMobile();
  const api = useRef<ListKitApi<CardRow> | null>(null);
  const [binding, setBinding] = useState<string | null>(null);
  const perms = useSnapshot(session);
  const canBind = hasPermission(LEDGER_PERMS.bankCardBind, { auth: perms.auth as never, allAuth: perms.allAuth as never });

  /** Opens the form for the customer on screen (staff may change it in the form). */
  const openBind = () => setBinding(ownCusCode() || (api.current?.currentParams().cusCode ?? lastCusCode()));

  const config = useMemo<ListKitConfig<CardRow>>(() => {
    const own = ownCusCode();
    return {
      pageKey: 'payCus/BankCardList',
      title: '银行卡',
      url: { list: LEDGER_PATHS.bankCardInquiry },
      fetchList: cardPage,
      toolbar: [],
      params: own ? { cusCode: own } : undefined,
      query: own
        ? []
        : [{ field: 'cusCode', label: '客户代码', type: 'input', rule: 'eq', placeholder: '请输入客户代码', defaultValue: lastCusCode() || undefined }],
      extraButtons: [{ key: 'bind', text: '绑定银行卡', permission: LEDGER_PERMS.bankCardBind, onClick: openBind }],
      columns: [
        { dataIndex: 'cardText', title: '银行卡号', width: 220 },
        { dataIndex: 'holderName', title: '持卡人', width: 200, ellipsis: true },
        { dataIndex: 'bankName', title: '开户银行', width: 160 },
        { dataIndex: 'cusCode', title: '客户代码', width: 110 },
        {
          dataIndex: 'statusText',
          title: '状态',
          width: 90,
          type: 'tag',
          tag: (r) => ({ text: r.statusText, color: r.status === 'bound' ? 'green' : 'default' }),
        },
        { dataIndex: 'timeText', title: '绑定时间', width: 170 },
      ],
      editAction: false,
      deleteAction: false,
      mobile: {
        title: 'cardText',
        subtitle: 'bankName',
        fields: ['holderName', 'cusCode', 'timeText'],
        status: 'statusText',
        searchField: own ? undefined : 'cusCode',
      },
    };
  }, []);

  const Bind = mobile ? BindMobile : BindDesktop;
  const header = (
    <>
      {!ownCusCode() && <CusCodeHint text="输入客户代码查询该客户已绑定的银行卡" />}
      {mobile && canBind && (
        <Suspense fallback={null}>
          <BindBarMobile onBind={openBind} />
        </Suspense>
      )}
    </>
  );
  return (
    <>
      <ListKit config={config} apiRef={api} header={header} />
      <Suspense fallback={null}>
        {binding !== null && (
          <Bind
            cusCode={binding}
            fixedCusCode={!!ownCusCode()}
            onClose={() => setBinding(null)}
            onSaved={() => {
              setBinding(null);
              void api.current?.reload();
            }}
          />
        )}
      </Suspense>
    </>
  );
}
