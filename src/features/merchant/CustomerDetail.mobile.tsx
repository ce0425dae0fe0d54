import { useState } from 'react';
import { Button, Card, Dialog, ErrorBlock, List, NoticeBar, PullToRefresh, Tag, Toast } from 'antd-mobile';
import { ACCOUNT_STATUS_TEXT, CUSTOMER_TYPE_TEXT } from '@contract/api/ledger';
import { PAY_MSG } from '@contract/api/pay';
import { formatDateTime } from '@contract/time';
import { yuanText } from '@contract/money';
import { failureMessage } from '@/components/dialogs/formRules';
import { ACCOUNT_STATUS_COLOR, mobileTagColor } from '@/components/statusTags';
import { ReasonDialog } from './ReasonDialog';
import { customerStatusTag, disabledBy, entryAccount } from './rules';
import { useCustomerDetail } from './useCustomerDetail';

export default function CustomerDetailMobile() {
  const d = useCustomerDetail();
  const [disabling, setDisabling] = useState(false);
  const c = d.detail?.customer;
  const tag = c ? customerStatusTag(c.status) : null;
  const off = c ? disabledBy(c) : null;

  const enable = async () => {
    if (
      !c ||
      !(await Dialog.confirm({ title: '启用客户', content: `确定要启用客户 ${c.cusName}（${c.cusCode}）吗？`, confirmText: '启用', cancelText: '取消' }))
    )
      return;
    try {
      await d.enable();
      Toast.show({ icon: 'success', content: '启用成功' });
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    }
  };

  if (d.error) return <ErrorBlock status="default" title={d.error} description="" />;
  return (
    <PullToRefresh onRefresh={d.reload}>
      <div style={{ background: '#f5f5f5', minHeight: '100%', paddingBottom: 16 }}>
        {c?.status === 'disabled' && <NoticeBar color="alert" content="该客户已停用：不能付款、提现" wrap />}
        <List header="客户信息" mode="card">
          <List.Item extra={c?.cusCode}>客户代码</List.Item>
          <List.Item extra={c?.cusName}>客户名称</List.Item>
          <List.Item extra={c ? CUSTOMER_TYPE_TEXT[c.cusType] : ''}>客户类型</List.Item>
          <List.Item
            extra={
              tag && (
                <Tag color={mobileTagColor(tag.color)} fill="outline" data-testid="customer-status">
                  {tag.text}
                </Tag>
              )
            }
          >
            状态
          </List.Item>
          <List.Item extra={c?.mobile ?? '—'}>手机号</List.Item>
          <List.Item extra={c ? formatDateTime(c.createdAt) : ''}>创建时间</List.Item>
          {off && (
            <List.Item description={`${off.by} · ${off.at}`}>
              <span data-testid="customer-disabled-reason">停用原因：{off.reason}</span>
            </List.Item>
          )}
        </List>
        {c && d.canChangeStatus && (
          <div style={{ padding: '0 12px' }}>
            {c.status === 'enabled' ? (
              <Button block color="danger" fill="outline" onClick={() => setDisabling(true)}>
                停用
              </Button>
            ) : (
              <Button block color="primary" onClick={() => void enable()}>
                启用
              </Button>
            )}
          </div>
        )}
        <div style={{ padding: '12px 12px 0', color: '#666', fontSize: 14 }}>账户与余额</div>
        {(d.detail?.accounts ?? []).map((a) => (
          <Card
            key={a.acctNo}
            style={{ margin: '8px 12px 0' }}
            title={a.acctTypeText}
            extra={
              <Tag color={mobileTagColor(ACCOUNT_STATUS_COLOR[a.status])} fill="outline">
                {ACCOUNT_STATUS_TEXT[a.status]}
              </Tag>
            }
          >
            <div style={{ color: 'var(--boss-color-weak)', fontSize: 12, wordBreak: 'break-all' }}>{a.acctNo}</div>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4, marginTop: 8, fontSize: 12, color: 'var(--boss-color-weak)' }}>
              <span>余额</span>
              <span>冻结</span>
              <span>可用</span>
              <b style={{ color: '#333', fontSize: 14 }}>{yuanText(a.balance)}</b>
              <span style={{ color: '#333', fontSize: 14 }}>{yuanText(a.frozen)}</span>
              <b style={{ color: '#333', fontSize: 14 }}>{yuanText(a.available)}</b>
            </div>
          </Card>
        ))}
        <List header="近期分录" mode="card">
          {(d.detail?.recentEntries ?? []).map((e) => (
            <List.Item
              key={`${e.entryId}-${entryAccount(e, d.acctNos)}`}
              description={`${formatDateTime(e.createdAt)} · ${entryAccount(e, d.acctNos)}`}
              extra={
                <span style={{ color: e.amount.startsWith('-') ? '#cf1322' : '#389e0d', whiteSpace: 'nowrap' }}>
                  {e.amount.startsWith('-') ? yuanText(e.amount) : `+${yuanText(e.amount)}`}
                </span>
              }
            >
              {e.kindText}
              {e.reason ? ` · ${e.reason}` : ''}
            </List.Item>
          ))}
          {d.detail && !d.detail.recentEntries.length && <List.Item>暂无分录</List.Item>}
        </List>
        <ReasonDialog
          open={disabling}
          onClose={() => setDisabling(false)}
          title="停用客户"
          description={c ? `停用后，${c.cusName} 不能付款、提现。` : undefined}
          label="停用原因"
          requiredMessage={PAY_MSG.disableReason}
          okText="停用"
          onConfirm={async (reason) => {
            await d.disable(reason);
            Toast.show({ icon: 'success', content: '停用成功' });
          }}
        />
      </div>
    </PullToRefresh>
  );
}
