import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_STATUS_TEXT, CUSTOMER_TYPE_TEXT, type AccountView, type EntryView } from '@contract/api/ledger';
import { PAY_MSG } from '@contract/api/pay';
import { MERCHANT_CUSTOMER_PATH } from '@contract/pages/merchant';
import { formatDateTime } from '@contract/time';
import { yuanText } from '@contract/money';
import { failureMessage } from '@/components/dialogs/formRules';
import { ACCOUNT_STATUS_COLOR } from '@/components/statusTags';
import { ReasonDialog } from './ReasonDialog';
import { customerStatusTag, disabledBy, entryAccount } from './rules';
import { useCustomerDetail } from './useCustomerDetail';

export default function CustomerDetailDesktop() {
  const d = useCustomerDetail();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [disabling, setDisabling] = useState(false);
  const c = d.detail?.customer;
  const tag = c ? customerStatusTag(c.status) : null;
  const off = c ? disabledBy(c) : null;

  const enable = () =>
    modal.confirm({
      title: '启用客户',
      content: `确定要启用客户 ${c?.cusName}（${c?.cusCode}）吗？启用后可正常付款、提现。`,
      okText: '启用',
      cancelText: '取消',
      onOk: async () => {
        try {
          await d.enable();
          void message.success('启用成功');
        } catch (err) {
          void message.warning(failureMessage(err));
        }
      },
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={c ? `客户详情 · ${c.cusName}` : '客户详情'}
        loading={d.loading && !d.detail}
        extra={
          <Space>
            {c && d.canChangeStatus && c.status === 'enabled' && (
              <Button danger onClick={() => setDisabling(true)}>
                停用
              </Button>
            )}
            {c && d.canChangeStatus && c.status === 'disabled' && (
              <Button type="primary" onClick={enable}>
                启用
              </Button>
            )}
            <Button onClick={() => void d.reload()}>刷新</Button>
            <Button onClick={() => navigate(MERCHANT_CUSTOMER_PATH)}>返回列表</Button>
          </Space>
        }
      >
        {d.error && <Alert type="error" showIcon title={d.error} style={{ marginBottom: 12 }} />}
        {c && (
          <Descriptions bordered size="small" column={3}>
            <Descriptions.Item label="客户代码">{c.cusCode}</Descriptions.Item>
            <Descriptions.Item label="客户名称">{c.cusName}</Descriptions.Item>
            <Descriptions.Item label="客户类型">{CUSTOMER_TYPE_TEXT[c.cusType] ?? c.cusType}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={tag!.color} data-testid="customer-status">
                {tag!.text}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{c.mobile ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(c.createdAt)}</Descriptions.Item>
            {off && (
              <Descriptions.Item label="停用原因" span={3}>
                <span data-testid="customer-disabled-reason">{off.reason}</span>
              </Descriptions.Item>
            )}
            {off && <Descriptions.Item label="停用人">{off.by}</Descriptions.Item>}
            {off && (
              <Descriptions.Item label="停用时间" span={2}>
                {off.at}
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
        {c?.status === 'disabled' && <Alert type="warning" showIcon title="该客户已停用：不能付款、提现，也不能转出或冻结资金。" style={{ marginTop: 12 }} />}
      </Card>

      <Card title="账户与余额" size="small">
        <Table<AccountView>
          size="small"
          rowKey="acctNo"
          pagination={false}
          loading={d.loading}
          dataSource={d.detail?.accounts ?? []}
          columns={[
            { dataIndex: 'acctNo', title: '账号', width: 220 },
            { dataIndex: 'acctName', title: '账户名称' },
            { dataIndex: 'acctTypeText', title: '账户类型', width: 120 },
            {
              dataIndex: 'status',
              title: '状态',
              width: 90,
              render: (v: AccountView['status']) => <Tag color={ACCOUNT_STATUS_COLOR[v]}>{ACCOUNT_STATUS_TEXT[v]}</Tag>,
            },
            { dataIndex: 'balance', title: '余额', width: 160, align: 'right', render: yuanText },
            { dataIndex: 'frozen', title: '冻结', width: 140, align: 'right', render: yuanText },
            { dataIndex: 'available', title: '可用', width: 160, align: 'right', render: (v: string) => <b>{yuanText(v)}</b> },
          ]}
        />
        {!!d.detail?.bankCards.length && (
          <div style={{ marginTop: 12, color: '#555' }}>
            已绑定银行卡：{d.detail.bankCards.map((b) => `${b.bankName || '银行卡'} ${b.cardNo}（${b.holderName}）`).join('；')}
          </div>
        )}
      </Card>

      <Card title="近期分录" size="small">
        <Table<EntryView>
          size="small"
          rowKey={(e) => `${e.entryId}-${entryAccount(e, d.acctNos)}`}
          pagination={false}
          loading={d.loading}
          dataSource={d.detail?.recentEntries ?? []}
          locale={{ emptyText: '暂无分录' }}
          columns={[
            { dataIndex: 'createdAt', title: '时间', width: 180, render: (v: string) => formatDateTime(v) },
            { dataIndex: 'entryNo', title: '分录号', width: 110 },
            { dataIndex: 'kindText', title: '类型', width: 110 },
            { key: 'acct', title: '账户', width: 220, render: (_: unknown, e) => entryAccount(e, d.acctNos) },
            {
              dataIndex: 'amount',
              title: '金额',
              width: 150,
              align: 'right',
              render: (v: string) => (
                <span style={{ color: v.startsWith('-') ? '#cf1322' : '#389e0d' }}>{v.startsWith('-') ? yuanText(v) : `+${yuanText(v)}`}</span>
              ),
            },
            { dataIndex: 'balanceAfter', title: '变动后余额', width: 160, align: 'right', render: (v: string | null) => (v === null ? '—' : yuanText(v)) },
            { dataIndex: 'reason', title: '摘要', ellipsis: true },
          ]}
        />
      </Card>

      <ReasonDialog
        open={disabling}
        onClose={() => setDisabling(false)}
        title="停用客户"
        description={c ? `停用 ${c.cusName}（${c.cusCode}）后，该客户不能付款、提现。` : undefined}
        label="停用原因"
        requiredMessage={PAY_MSG.disableReason}
        okText="停用"
        onConfirm={async (reason) => {
          await d.disable(reason);
          void message.success('停用成功');
        }}
      />
    </Space>
  );
}
