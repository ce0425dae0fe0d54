// 账户管理 (/payCus/account) on the list kit: the tenant's customer accounts, paged and filtered on
// the server (staff may narrow to one customer with the customer picker, by name or code; a customer
// user sees their own) with balance, frozen and available amounts, and per-row actions
// gated by the ledger's button codes: 充值, 冻结, 解冻, 提现, 转账 (forms in useAccountOp) and 账户明细.
// On a phone the rows are cards and the actions sit in the card's ActionSheet.
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { ACCOUNT_LIST_PATH, ACCOUNT_STATUS_TEXT, CUSTOMER_ACCOUNT_TYPES, ACCOUNT_TYPE_TEXT, LEDGER_PERMS, type AccountStatus } from '@contract/api/ledger';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig, RowAction } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { useIsMobile } from '@/hooks/useDevice';
import { ACCOUNT_STATUS_COLOR } from '@/components/statusTags';
import { OP_PERM, OP_TITLE, offersOp, type AccountDialog, type AccountOp } from './accountOps';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import { CusCodeHint } from './CusCodeHint';
import { accountPage, ownCusCode, rememberCusCode, type AccountRow } from './ledgerApi';

const OpDesktop = lazy(() => import('./AccountOps.desktop'));
const OpMobile = lazy(() => import('./AccountOps.mobile'));
const EntriesDesktop = lazy(() => import('./AccountEntries.desktop'));
const EntriesMobile = lazy(() => import('./AccountEntries.mobile'));

const OPS: AccountOp[] = ['charge', 'freeze', 'unfreeze', 'withdraw', 'transfer'];
const STATUS_OPTIONS = (['normal', 'frozen', 'closed'] as AccountStatus[]).map((s) => ({ value: s, label: ACCOUNT_STATUS_TEXT[s] }));

export default function AccountList(_props: PageProps) {
  const mobile = useIsMobile();
  const api = useRef<ListKitApi<AccountRow> | null>(null);
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  /** The customer picked to narrow the list ('' = every customer of the tenant). */
  const [cusCode, setCusCode] = useState('');

  const config = useMemo<ListKitConfig<AccountRow>>(() => {
    const own = ownCusCode();
    const actions: RowAction<AccountRow>[] = [
      ...OPS.map((op) => ({
        key: op,
        text: OP_TITLE[op],
        permission: OP_PERM[op],
        visible: (r: AccountRow) => offersOp(op, r),
        onClick: (row: AccountRow) => setDialog({ kind: op, account: row }),
      })),
      { key: 'entries', text: OP_TITLE.entries, permission: LEDGER_PERMS.accountInquiry, onClick: (row) => setDialog({ kind: 'entries', account: row }) },
    ];
    return {
      pageKey: 'payCus/AccountList',
      title: '账户管理',
      url: { list: ACCOUNT_LIST_PATH },
      fetchList: accountPage,
      rowKey: 'acctNo',
      toolbar: [],
      params: !own && cusCode ? { cusCode } : undefined,
      query: [
        { field: 'acctNo', label: '账号', type: 'input', placeholder: '请输入账号' },
        { field: 'acctType', label: '账户类型', type: 'select', options: CUSTOMER_ACCOUNT_TYPES.map((t) => ({ value: t, label: ACCOUNT_TYPE_TEXT[t] })) },
        { field: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ],
      columns: [
        ...(own
          ? []
          : [{ dataIndex: 'cusName', title: '客户', width: 250, ellipsis: true, render: (_: unknown, r: AccountRow) => `${r.cusName}（${r.cusCode}）` }]),
        { dataIndex: 'acctNo', title: '账号', width: 200, render: (v: unknown) => <span style={{ whiteSpace: 'nowrap' }}>{String(v)}</span> },
        { dataIndex: 'acctName', title: '账户名称', width: 220, ellipsis: true },
        { dataIndex: 'acctTypeText', title: '账户类型', width: 90 },
        {
          dataIndex: 'status',
          title: '状态',
          width: 70,
          type: 'tag',
          tag: (r) => ({ text: ACCOUNT_STATUS_TEXT[r.status], color: ACCOUNT_STATUS_COLOR[r.status] }),
        },
        { dataIndex: 'balanceText', title: '余额', width: 130, align: 'right' },
        { dataIndex: 'frozenText', title: '冻结金额', width: 120, align: 'right' },
        { dataIndex: 'availableText', title: '可用余额', width: 130, align: 'right' },
      ],
      rowActions: actions,
      inlineActions: 2,
      editAction: false,
      deleteAction: false,
      mobile: {
        title: 'acctNo',
        subtitle: own ? 'acctName' : 'cusName',
        fields: ['availableText', 'balanceText', 'frozenText', 'acctTypeText'],
        status: 'status',
        searchField: 'acctNo',
      },
      scrollX: own ? 1150 : 1400,
    };
  }, [cusCode]);

  const reload = () => void api.current?.reload();
  const Op = mobile ? OpMobile : OpDesktop;
  const Entries = mobile ? EntriesMobile : EntriesDesktop;
  return (
    <>
      <ListKit
        config={config}
        apiRef={api}
        header={
          ownCusCode() ? undefined : (
            <div style={mobile ? { padding: '8px 12px 0', background: '#fff' } : { display: 'flex', alignItems: 'center', gap: 12, paddingBottom: 12 }}>
              <CustomerPicker
                allowClear
                style={mobile ? undefined : { width: 320 }}
                placeholder="全部客户（可按代码或名称搜索）"
                value={cusCode}
                onChange={(c) => {
                  setCusCode(c?.cusCode ?? '');
                  if (c) rememberCusCode(c.cusCode);
                }}
              />
              <CusCodeHint text="不选客户时列出本租户全部客户的账户" />
            </div>
          )
        }
      />
      <Suspense fallback={null}>
        {dialog && dialog.kind === 'entries' && <Entries account={dialog.account} onClose={() => setDialog(null)} />}
        {dialog && dialog.kind !== 'entries' && <Op op={dialog.kind} account={dialog.account} onClose={() => setDialog(null)} onChanged={reload} />}
      </Suspense>
    </>
  );
}
