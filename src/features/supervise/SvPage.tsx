// The body of the three supervision pages (svBoss, svSupplier, svCus): the side's supervised funds
// and its release / refund requests, both on the list kit (phone cards or desktop tables), live as
// decisions are made. What each side may do comes from `side`:
//   boss     — alerts; approve / reject requests (never one's own: the server refuses and the
//              button is hidden); freeze or unfreeze a supplier's releases with a reason;
//   supplier — 申请放款 on a fund with evidence files; cancel one's own pending request;
//   cus      — 申请退款 on a fund; cancel one's own pending request.
import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  SV_KIND_TEXT,
  SV_LIVE,
  SV_P,
  SV_PERMS,
  SV_STATUS_TEXT,
  type SvFundRow,
  type SvRequestKind,
  type SvRequestRow,
  type SvRequestStatus,
  type SvSide,
} from '@contract/api/supervise';
import { yuanCell } from '@contract/money';
import { sysAction } from '@/api/action';
import { optionsOf, READ_ONLY_LIST, timeText } from '@/components/list/columnKit';
import ListKit from '@/components/list/ListKit';
import { reloadAfter } from '@/components/list/reloadAfter';
import type { ListKitApi, ListKitConfig, RowAction } from '@/components/list/types';
import { reasonAction, useRowPrompt } from '@/components/list/useRowPrompt';
import type { TagTone } from '@/components/statusTags';
import { deviceView } from '@/hooks/deviceView';
import { useIsMobile } from '@/hooks/useDevice';
import type { RaiseFormProps } from './useRaise';
import { SvAlerts } from './SvAlerts';

type Fund = SvFundRow & Record<string, unknown>;
type Request = SvRequestRow & Record<string, unknown> & { filesText: string };

const STATUS_TAG: Record<SvRequestStatus, TagTone> = { pending: 'orange', approved: 'green', rejected: 'magenta', cancelled: 'default' };
const RaiseForm = deviceView<RaiseFormProps>(
  () => import('./RaiseForm.desktop'),
  () => import('./RaiseForm.mobile'),
);

const section = (text: string, extra?: ReactNode) => (
  <div style={{ padding: '8px 12px 0', fontWeight: 600, fontSize: 15, display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
    {text}
    {extra}
  </div>
);

export function SvPage({ side }: { side: SvSide }) {
  const mobile = useIsMobile();
  // A phone shows one list at a time (each card list fills the screen); the supervisor starts on the requests.
  const [shown, setShown] = useState<'funds' | 'requests'>(side === 'boss' ? 'requests' : 'funds');
  const [raising, setRaising] = useState<{ kind: SvRequestKind; fund: Fund } | null>(null);
  const [alertsVersion, setAlertsVersion] = useState(0);
  const fundsApi = useRef<ListKitApi<Fund> | null>(null);
  const requestsApi = useRef<ListKitApi<Request> | null>(null);
  const { ask, prompt } = useRowPrompt();
  const reloadAll = () => {
    void fundsApi.current?.reload();
    void requestsApi.current?.reload();
    setAlertsVersion((v) => v + 1);
  };

  const funds = useMemo<ListKitConfig<Fund>>(() => {
    const actions: RowAction<Fund>[] = [];
    if (side === 'supplier')
      actions.push({ key: 'release', text: '申请放款', permission: SV_PERMS.release, onClick: (r) => setRaising({ kind: 'release', fund: r }) });
    if (side === 'cus') actions.push({ key: 'refund', text: '申请退款', permission: SV_PERMS.refund, onClick: (r) => setRaising({ kind: 'refund', fund: r }) });
    if (side === 'boss') {
      actions.push(
        reasonAction<Fund>(ask, {
          key: 'freeze',
          text: '冻结放款',
          title: (r) => `冻结供应商 ${r.supplierName || r.supplierCode} 的放款`,
          label: '冻结原因',
          permission: SV_PERMS.freeze,
          danger: true,
          visible: (r) => !r.frozenReason,
          run: (r, reason) => sysAction(SV_P.freeze, { supplierCode: r.supplierCode, reason }),
          after: reloadAll,
        }),
      );
      actions.push({
        key: 'unfreeze',
        text: '解除冻结',
        permission: SV_PERMS.freeze,
        visible: (r) => !!r.frozenReason,
        confirm: (r) => `解除供应商 ${r.supplierName || r.supplierCode} 的放款冻结？`,
        onClick: (r, kit) => reloadAfter(kit, () => sysAction(SV_P.unfreeze, { supplierCode: r.supplierCode })),
      });
    }
    return {
      pageKey: `supervise/${side}/funds`,
      title: '监管资金',
      url: { list: SV_P.funds(side) },
      live: SV_LIVE,
      ...READ_ONLY_LIST,
      columns: [
        { dataIndex: 'cusName', title: '客户', ellipsis: true, render: (_v, r) => r.cusName || r.cusCode },
        { dataIndex: 'supplierName', title: '供应商', ellipsis: true, render: (_v, r) => r.supplierName || r.supplierCode },
        { dataIndex: 'contractNo', title: '合同编号', width: 130 },
        { dataIndex: 'balance', title: '监管余额（元）', width: 130, align: 'right', render: yuanCell },
        { dataIndex: 'available', title: '可申请（元）', width: 120, align: 'right', render: yuanCell },
        { dataIndex: 'released', title: '已放款（元）', width: 120, align: 'right', render: yuanCell },
        { dataIndex: 'refunded', title: '已退款（元）', width: 120, align: 'right', render: yuanCell },
        { dataIndex: 'pendingCount', title: '待审批', width: 80, align: 'right' },
        {
          dataIndex: 'frozenReason',
          title: '放款状态',
          width: 110,
          type: 'tag',
          tag: (r) => (r.frozenReason ? { text: '已冻结', color: 'red' } : { text: '正常', color: 'green' }),
        },
      ],
      query: [{ field: 'cusCode', label: '客户/供应商/合同', type: 'input' }],
      rowActions: actions,
      mobile: { title: 'contractNo', subtitle: 'supplierName', fields: ['cusName', 'balance', 'available', 'released'], status: 'frozenReason' },
    };
  }, [side, ask]);

  const requests = useMemo<ListKitConfig<Request>>(() => {
    const actions: RowAction<Request>[] = [];
    if (side === 'boss') {
      actions.push({
        key: 'approve',
        text: '通过',
        permission: SV_PERMS.approve,
        visible: (r) => r.status === 'pending' && !r.mine,
        confirm: (r) => `${SV_KIND_TEXT[r.kind]} ${yuanCell(r.amount)} 元（${r.requestNo}）审批通过后资金将立即划转，确定通过？`,
        onClick: (r, kit) =>
          reloadAfter(kit, async () => {
            const text = await sysAction(SV_P.approve, { id: r.id });
            reloadAll();
            return text;
          }),
      });
      actions.push(
        reasonAction<Request>(ask, {
          key: 'reject',
          text: '驳回',
          title: (r) => `驳回${SV_KIND_TEXT[r.kind]}申请`,
          label: '驳回原因',
          permission: SV_PERMS.approve,
          danger: true,
          visible: (r) => r.status === 'pending' && !r.mine,
          run: (r, reason) => sysAction(SV_P.reject, { id: r.id, reason }),
          after: reloadAll,
        }),
      );
    } else {
      actions.push({
        key: 'cancel',
        text: '撤销',
        visible: (r) => r.status === 'pending' && r.mine,
        confirm: '确定撤销该申请吗？',
        onClick: (r, kit) =>
          reloadAfter(kit, async () => {
            const text = await sysAction(SV_P.cancel, { id: r.id });
            reloadAll();
            return text;
          }),
      });
    }
    return {
      pageKey: `supervise/${side}/requests`,
      title: '放款退款申请',
      url: { list: SV_P.requests(side) },
      live: SV_LIVE,
      ...READ_ONLY_LIST,
      columns: [
        { dataIndex: 'requestNo', title: '申请编号', width: 170 },
        { dataIndex: 'kind', title: '类型', width: 70, options: optionsOf(SV_KIND_TEXT) },
        { dataIndex: 'supplierName', title: '供应商', width: 200, ellipsis: true, render: (_v, r) => r.supplierName || r.supplierCode },
        { dataIndex: 'contractNo', title: '合同编号', width: 150 },
        { dataIndex: 'amount', title: '金额（元）', width: 120, align: 'right', render: yuanCell },
        { dataIndex: 'reason', title: '说明', width: 220, ellipsis: true },
        { dataIndex: 'filesText', title: '交付证明', width: 150, ellipsis: true, render: (_v, r) => r.files.map((f) => f.fileName).join('、') || '—' },
        { dataIndex: 'status', title: '状态', width: 90, type: 'tag', tag: (r) => ({ text: SV_STATUS_TEXT[r.status], color: STATUS_TAG[r.status] }) },
        { dataIndex: 'raisedName', title: '申请人', width: 90 },
        { dataIndex: 'decidedName', title: '审批人', width: 90, render: (_v, r) => r.decidedName ?? '—' },
        { dataIndex: 'decideReason', title: '审批意见', width: 150, ellipsis: true, render: (_v, r) => r.decideReason ?? '—' },
        { dataIndex: 'createTime', title: '申请时间', width: 170, render: timeText },
        { dataIndex: 'decideTime', title: '审批时间', width: 170, render: timeText },
      ],
      query: [
        { field: 'status', label: '状态', type: 'select', options: optionsOf(SV_STATUS_TEXT) },
        { field: 'kind', label: '类型', type: 'select', options: optionsOf(SV_KIND_TEXT) },
      ],
      rowActions: actions,
      inlineActions: 2,
      scrollX: 1800,
      mobile: { title: 'requestNo', subtitle: 'amount', fields: ['supplierName', 'reason', 'raisedName', 'createTime'], status: 'status' },
    };
  }, [side, ask]);

  return (
    <>
      {side === 'boss' && <SvAlerts version={alertsVersion} />}
      {mobile && (
        <div
          role="tablist"
          style={{ display: 'flex', margin: '8px 12px 0', border: '1px solid var(--adm-color-primary, #0267b5)', borderRadius: 6, overflow: 'hidden' }}
        >
          {(
            [
              ['funds', '监管资金'],
              ['requests', side === 'boss' ? '放款退款审批' : '我的申请'],
            ] as const
          ).map(([key, text]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={shown === key}
              onClick={() => setShown(key)}
              style={{
                flex: 1,
                padding: '8px 0',
                border: 0,
                fontSize: 15,
                background: shown === key ? 'var(--adm-color-primary, #0267b5)' : '#fff',
                color: shown === key ? '#fff' : 'var(--adm-color-primary, #0267b5)',
              }}
            >
              {text}
            </button>
          ))}
        </div>
      )}
      {(!mobile || shown === 'funds') && <ListKit config={funds} apiRef={fundsApi} header={mobile ? undefined : section('监管资金')} />}
      {(!mobile || shown === 'requests') && (
        <ListKit config={requests} apiRef={requestsApi} header={mobile ? undefined : section(side === 'boss' ? '待审批与历史申请' : '我的申请')} />
      )}
      {raising && <RaiseForm kind={raising.kind} fund={raising.fund} onClose={() => setRaising(null)} onDone={reloadAll} />}
      {prompt}
    </>
  );
}
