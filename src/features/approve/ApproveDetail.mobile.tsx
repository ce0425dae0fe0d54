// One order on a phone (/approve/detail?id=…, also what a notification opens): amount and status,
// the order's fields, the rows of a batch, the audit trail, and 驳回 / 审批通过 at the bottom when
// this user may decide it.
import { Button, DotLoading, ErrorBlock, InfiniteScroll, List, NoticeBar, Steps, Tag } from 'antd-mobile';
import { useSnapshot } from 'valtio';
import { groupAcctNo } from '@contract/api/ledger';
import { maskCard, PAY_MSG, type BatchRowView, type PayOrderView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { PaymentPasswordPrompt } from '@/components/dialogs/PaymentPasswordPrompt';
import { session } from '@/stores/session';
import { mobileTagColor, ORDER_STATUS_COLOR } from '@/components/statusTags';
import OutcomeSheetMobile from './OutcomeSheet.mobile';
import PasskeySheetMobile from './PasskeySheet.mobile';
import RejectSheetMobile from './RejectSheet.mobile';
import { orderTitle, remarkLabel, timeText } from './rules';
import { useDecision } from './useDecision';
import { useOrderDetail, useOrderIdFromUrl, useRejectFromUrl } from './useOrderDetail';

const ROW_STATUS = {
  pending: ['待执行', 'var(--boss-color-weak)'],
  succeeded: ['成功', 'var(--adm-color-success)'],
  failed: ['失败', 'var(--adm-color-danger)'],
} as const;

function fields(o: PayOrderView): [string, string][] {
  const out: [string, string][] = [
    ['订单号', o.orderNo],
    ['类型', o.kindText],
    ['付款账户', [groupAcctNo(o.fromAcctNo), o.fromCusName].filter(Boolean).join(' · ')],
  ];
  if (o.kind === 'batch')
    out.push(['笔数', `${o.rowCount} 笔${o.succeededCount || o.failedCount ? `（成功 ${o.succeededCount}，失败 ${o.failedCount}）` : ''}`]);
  else {
    if (o.payeeName) out.push(['收款人', o.payeeName]);
    if (o.payeeAcctNo) out.push(['收款账户', groupAcctNo(o.payeeAcctNo)]);
    if (o.bankCardNo) out.push(['银行卡号', maskCard(o.bankCardNo) ?? '']);
  }
  if (o.remark) out.push([remarkLabel(o.kind), o.remark]);
  out.push(['提交人', o.makerName], ['提交时间', timeText(o.submittedAt ?? o.createdAt)]);
  if (o.approverName) out.push(['审批人', `${o.approverName} ${timeText(o.decidedAt)}`]);
  if (o.rejectReason) out.push(['驳回原因', o.rejectReason]);
  if (o.failReason) out.push(['失败原因', o.failReason]);
  return out.filter(([, v]) => !!v);
}

function RowItem({ row }: { row: BatchRowView }) {
  const [text, color] = ROW_STATUS[row.status];
  return (
    <List.Item
      prefix={<span style={{ color: 'var(--boss-color-weak)', fontSize: 12, width: 22, display: 'inline-block' }}>{row.rowNo}</span>}
      description={row.payeeAcctNo ? groupAcctNo(row.payeeAcctNo) : (maskCard(row.bankCardNo) ?? '')}
      extra={
        <div style={{ textAlign: 'right' }}>
          <div style={{ color: '#1f1f1f', fontWeight: 600 }}>{yuanText(row.amount)}</div>
          <div style={{ color, fontSize: 12 }}>{row.failReason ?? text}</div>
        </div>
      }
    >
      {row.payeeName}
    </List.Item>
  );
}

/** The phone offers the passkey first (the password stays one tap away). */
const PASSKEYS = { passkeys: true };

export default function ApproveDetailMobile() {
  const orderId = useOrderIdFromUrl();
  const me = useSnapshot(session).userInfo?.id;
  const { detail, rows, error, loading, moreRows, loadMoreRows } = useOrderDetail(orderId);
  const decision = useDecision(undefined, PASSKEYS);
  useRejectFromUrl(detail?.order, decision.startReject);

  if (loading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <DotLoading color="primary" />
      </div>
    );
  if (!detail) return <ErrorBlock status="empty" title={error ?? PAY_MSG.orderNotFound} />;
  const o = detail.order;
  const own = o.status === 'pending' && o.makerId === me;

  return (
    <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column', paddingBottom: o.canAudit ? 0 : 16 }}>
      <div style={{ background: '#fff', padding: '20px 16px 16px', textAlign: 'center' }}>
        <div style={{ color: '#666', fontSize: 14 }}>{orderTitle(o)}</div>
        <div style={{ fontSize: 30, fontWeight: 700, margin: '6px 0', fontVariantNumeric: 'tabular-nums' }} data-testid="order-amount">
          {yuanText(o.amount)}
        </div>
        <Tag color={mobileTagColor(ORDER_STATUS_COLOR[o.status])} fill="solid" style={{ fontSize: 13, padding: '2px 8px' }} data-testid="order-status">
          {o.statusText}
        </Tag>
      </div>
      {own && <NoticeBar content={PAY_MSG.selfApprove} color="alert" />}
      <List header="订单信息" style={{ marginTop: 8 }}>
        {fields(o).map(([label, value]) => (
          <List.Item key={label} extra={<span style={{ color: '#1f1f1f', wordBreak: 'break-all' }}>{value}</span>}>
            <span style={{ color: '#666', whiteSpace: 'nowrap' }}>{label}</span>
          </List.Item>
        ))}
      </List>
      {o.kind === 'batch' && (
        <List header={`付款明细（${detail.rowsPage?.count ?? rows.length} 笔）`} style={{ marginTop: 8 }}>
          {rows.map((r) => (
            <RowItem key={r.rowNo} row={r} />
          ))}
          {moreRows && <InfiniteScroll loadMore={loadMoreRows} hasMore={moreRows} />}
        </List>
      )}
      {detail.splits.length > 0 && (
        <List header="分账明细" style={{ marginTop: 8 }}>
          {detail.splits.map((s) => (
            <List.Item
              key={s.acctNo}
              extra={yuanText(s.amount)}
              description={s.ratio ? `${s.ratio}%${s.remainder ? ' · 尾差' : ''}` : s.remainder ? '尾差' : undefined}
            >
              {s.acctNo}
            </List.Item>
          ))}
        </List>
      )}
      <List header="审批记录" style={{ marginTop: 8, marginBottom: 8 }}>
        <div style={{ padding: '4px 12px' }}>
          <Steps direction="vertical" current={detail.events.length - 1}>
            {detail.events.map((e, i) => (
              <Steps.Step
                key={`${e.createdAt}-${i}`}
                status={e.action === 'reject' || e.toStatus === 'failed' ? 'error' : 'finish'}
                title={`${e.actionText} · ${e.actorName}`}
                description={[timeText(e.createdAt), e.reason, e.passkey && `通行密钥：${e.passkey}`].filter(Boolean).join('  ')}
              />
            ))}
          </Steps>
        </div>
      </List>
      {o.canAudit && (
        <div
          style={{
            position: 'sticky',
            bottom: 0,
            marginTop: 'auto',
            zIndex: 3,
            background: '#fff',
            borderTop: '1px solid #eee',
            padding: '8px 12px',
            display: 'flex',
            gap: 12,
          }}
        >
          <Button block color="danger" fill="outline" onClick={() => decision.startReject([o])}>
            驳回
          </Button>
          <Button block color="primary" onClick={() => decision.startApprove([o])}>
            审批通过
          </Button>
        </div>
      )}
      <PaymentPasswordPrompt
        open={decision.pwdOpen}
        onClose={decision.closePrompt}
        onConfirm={decision.confirmApprove}
        description={`审批通过 ${orderTitle(o)}，金额 ${yuanText(o.amount)}`}
      />
      <PasskeySheetMobile decision={decision} />
      <RejectSheetMobile open={decision.rejectOpen} count={1} onClose={decision.closeReject} onConfirm={decision.confirmReject} />
      <OutcomeSheetMobile outcome={decision.outcome} onClose={decision.closeOutcome} />
    </div>
  );
}
