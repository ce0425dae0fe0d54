// 入网管理 (/cus/innet[?provider=…&cusCode=…]): the innet applications per provider on the list kit,
// live (a change of any application's state, by a provider callback or another user, reloads it), with the actions of each state:
// 提交进件 (new, or a draft / rejected one again), 打款验证 (the amount the provider paid to the
// settlement card), 签约 (fees, SMS, sign), 开通, 撤销 and the customer's detail.
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CUS_INNET_LIVE, CUS_PATHS, CUS_PERMS, INNET_PROVIDERS, type InnetView } from '@contract/api/cus';
import { cusDetailUrl } from '@contract/pages/cus';
import ListKit from '@/components/list/ListKit';
import { reloadAfter } from '@/components/list/reloadAfter';
import type { ListKitApi, ListKitConfig } from '@/components/list/types';
import { PromptDialog } from '@/components/modal/PromptDialog';
import type { PageProps } from '@/lib/page';
import { cancelInnet, kitPage, openInnet, payConfirm } from './api';
import { ApplyView, SignView } from './InnetDialogs';
import { INNET_STATUS_OPTIONS, innetTag, PROVIDER_OPTIONS, productName, timeColumn } from './rules';
import { verifyAmountRules, verifyLabel, verifyTitle } from './useInnetActions';

type Row = InnetView & { id: string; fieldText: string; productText: string } & Record<string, unknown>;

export function innetRows(fixed: Record<string, string>) {
  return (params: Record<string, string>) =>
    kitPage<InnetView, Row>(
      CUS_PATHS.innetInquiry,
      { provider: params.provider || fixed.provider || undefined, status: params.status || undefined, cusCode: fixed.cusCode || undefined },
      params,
      (i) => ({ ...i, id: i.innetId, fieldText: Object.values(i.fields).join(' / '), productText: productName(i.provider, i.product) }),
    );
}

export default function InnetBoard(_props: PageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const provider = params.get('provider') ?? INNET_PROVIDERS[0].code;
  const cusCode = params.get('cusCode') ?? undefined;
  const api = useRef<ListKitApi<Row> | null>(null);
  const [applying, setApplying] = useState<{ innet: InnetView | null } | null>(cusCode ? { innet: null } : null);
  const [signing, setSigning] = useState<InnetView | null>(null);
  const [verifying, setVerifying] = useState<InnetView | null>(null);
  const [cancelling, setCancelling] = useState<InnetView | null>(null);

  const config = useMemo<ListKitConfig<Row>>(() => {
    const fetch = innetRows({ provider, cusCode: cusCode ?? '' });
    return {
      pageKey: 'cus/InnetBoard',
      title: '入网管理',
      // The kit loads through fetchList (a business call); url.list names that call.
      url: { list: CUS_PATHS.innetInquiry },
      fetchList: fetch,
      live: CUS_INNET_LIVE,
      // On the phone too, as a page link above the cards (a shared page never imports either kit).
      extraButtons: [{ key: 'apply', text: '提交进件', permission: CUS_PERMS.innetApply, phone: true, onClick: () => setApplying({ innet: null }) }],
      columns: [
        { dataIndex: 'cusName', title: '客户名称', ellipsis: true },
        { dataIndex: 'cusCode', title: '客户编号', width: 110 },
        { dataIndex: 'providerName', title: '支付机构', width: 100 },
        { dataIndex: 'productText', title: '产品', width: 110 },
        { dataIndex: 'status', title: '状态', width: 120, type: 'tag', tag: (r) => innetTag(r.status) },
        {
          dataIndex: 'rejectReasons',
          title: '驳回原因',
          render: (_v, r) => r.rejectReasons.map((x) => `${x.label}：${x.reason}`).join('；') || '—',
        },
        { dataIndex: 'providerAccountNo', title: '机构账号', width: 160 },
        timeColumn('updatedAt', '更新时间'),
      ],
      query: [
        { field: 'provider', label: '支付机构', type: 'select', options: PROVIDER_OPTIONS, defaultValue: provider },
        { field: 'status', label: '状态', type: 'select', options: INNET_STATUS_OPTIONS },
      ],
      rowActions: [
        {
          key: 'resubmit',
          text: (r) => (r.status === 'rejected' ? '修改并重新提交' : '提交'),
          permission: CUS_PERMS.innetApply,
          visible: (r) => r.status === 'draft' || r.status === 'rejected',
          onClick: (r) => setApplying({ innet: r }),
        },
        {
          key: 'verify',
          text: '打款验证',
          permission: CUS_PERMS.innetVerify,
          visible: (r) => r.status === 'awaiting_verification',
          onClick: (r) => setVerifying(r),
        },
        {
          key: 'sign',
          text: '签约',
          permission: CUS_PERMS.innetSign,
          visible: (r) => r.status === 'awaiting_signature',
          onClick: (r) => setSigning(r),
        },
        {
          key: 'open',
          text: '开通',
          permission: CUS_PERMS.innetOpen,
          visible: (r) => r.status === 'opening',
          confirm: (r) => `确定为 ${r.cusName} 申请开通${r.providerName}吗？开通后将同时开立基本账户和结算账户。`,
          onClick: (r, kit) => reloadAfter(kit, () => openInnet(r.innetId).then(() => '已提交开通申请')),
        },
        { key: 'detail', text: '客户详情', onClick: (r) => navigate(cusDetailUrl(r.cusCode, 'innets')) },
        {
          key: 'cancel',
          text: '撤销',
          danger: true,
          permission: CUS_PERMS.innetApply,
          visible: (r) => ['draft', 'submitted', 'under_review', 'rejected', 'awaiting_verification', 'awaiting_signature'].includes(r.status),
          onClick: (r) => setCancelling(r),
        },
      ],
      inlineActions: 3,
      editAction: false,
      deleteAction: false,
      mobile: { title: 'cusName', subtitle: 'providerName', fields: ['productText', 'providerAccountNo', 'updatedAt'], status: 'status' },
    };
  }, [provider, cusCode, navigate]);

  const done = () => void api.current?.reload();
  const say = (fn: () => Promise<unknown>, ok: string) =>
    fn().then(
      () => {
        api.current?.message.success(ok);
        done();
      },
      (err: Error) => {
        api.current?.message.error(err.message);
        throw err;
      },
    );
  return (
    <>
      <ListKit key={provider} config={config} apiRef={api} />
      <PromptDialog
        open={!!verifying}
        title={verifyTitle(verifying)}
        label={verifyLabel(verifying)}
        placeholder="如：0.18"
        rules={verifyAmountRules}
        onOk={(v) => say(() => payConfirm(verifying!.innetId, v), '验证成功')}
        onCancel={() => setVerifying(null)}
      />
      <PromptDialog
        open={!!cancelling}
        title="撤销进件"
        label="撤销原因"
        rules={[{ required: true, whitespace: true, message: '请输入撤销原因' }]}
        onOk={(v) => say(() => cancelInnet(cancelling!.innetId, v), '撤销成功')}
        onCancel={() => setCancelling(null)}
      />
      {applying && <ApplyView open innet={applying.innet} provider={provider} cusCode={cusCode} onClose={() => setApplying(null)} onDone={done} />}
      {signing && <SignView innet={signing} onClose={() => setSigning(null)} onDone={done} />}
    </>
  );
}
