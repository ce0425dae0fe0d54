// 银行账户申请 (/cus/bankAcctApply): an opened customer's further accounts (a virtual bank account)
// requested through its provider, with the provider's states live on the list kit (the cusInnet
// notice also carries these applications); opened ones show the ledger account they opened.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { BANK_APPLY_STATUS_TEXT, CUS_INNET_LIVE, CUS_PATHS, CUS_PERMS, type BankApplyStatus, type BankApplyView } from '@contract/api/cus';
import { cusDetailUrl } from '@contract/pages/cus';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { cusCall, kitPage } from './api';
import { useLinkedCusCode } from './useBankApply';
import { timeColumn } from './rules';

const COLOR: Record<BankApplyStatus, string> = { submitted: 'blue', under_review: 'processing', opened: 'success', rejected: 'error', cancelled: 'default' };
const STATUS_OPTIONS = Object.entries(BANK_APPLY_STATUS_TEXT).map(([value, label]) => ({ value, label }));
export type BankApplyRow = BankApplyView & { id: string } & ListRow;

export default function BankAcctApply(_props: PageProps) {
  const navigate = useNavigate();
  // From 客户详情's 申请银行账户: this customer's applications only, with 新增 opened for it.
  const linked = useLinkedCusCode();
  const config = useMemo<ListKitConfig<BankApplyRow>>(
    () => ({
      pageKey: 'cus/BankAcctApply',
      title: '银行账户申请',
      url: { list: CUS_PATHS.bankApplyInquiry },
      live: CUS_INNET_LIVE,
      fetchList: (p) =>
        kitPage<BankApplyView, BankApplyRow>(CUS_PATHS.bankApplyInquiry, { status: p.status || undefined, cusCode: linked || undefined }, p, (a) => ({
          ...a,
          id: a.applyId,
        })),
      columns: [
        { dataIndex: 'cusName', title: '客户名称', ellipsis: true },
        { dataIndex: 'cusCode', title: '客户编号', width: 110 },
        { dataIndex: 'providerName', title: '支付机构', width: 110 },
        { dataIndex: 'acctTypeText', title: '账户类型', width: 120 },
        {
          dataIndex: 'status',
          title: '状态',
          width: 100,
          type: 'tag',
          tag: (r) => ({ text: BANK_APPLY_STATUS_TEXT[r.status as BankApplyStatus], color: COLOR[r.status as BankApplyStatus] }),
        },
        { dataIndex: 'acctNo', title: '账号', width: 190 },
        { dataIndex: 'providerAccountNo', title: '机构账号', width: 180 },
        { dataIndex: 'rejectReason', title: '驳回原因', ellipsis: true },
        timeColumn('updatedAt', '更新时间'),
      ],
      query: [{ field: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS }],
      toolbar: ['add'],
      addOnOpen: !!linked,
      permissionPrefix: 'cus:bankAcct:',
      editor: { desktop: () => import('./BankApplyForm.desktop'), mobile: () => import('./BankApplyForm.mobile') },
      editAction: false,
      deleteAction: false,
      rowActions: [
        { key: 'detail', text: '客户详情', onClick: (r) => navigate(cusDetailUrl(r.cusCode, 'accounts')) },
        {
          key: 'cancel',
          text: '撤销',
          permission: CUS_PERMS.bankApply,
          danger: true,
          visible: (r) => r.status === 'submitted' || r.status === 'under_review',
          confirm: '确定撤销该申请吗？',
          onClick: async (r, kit) => {
            try {
              await cusCall(CUS_PATHS.bankApplyCancel, { applyId: r.applyId, reason: '操作员撤销' });
              kit.message.success('撤销成功');
            } catch (err) {
              kit.message.error((err as Error).message);
            }
            await kit.reload();
          },
        },
      ],
      mobile: { title: 'cusName', subtitle: 'acctTypeText', fields: ['providerName', 'acctNo', 'providerAccountNo'], status: 'status' },
    }),
    [navigate, linked],
  );
  return <ListKit config={config} />;
}
