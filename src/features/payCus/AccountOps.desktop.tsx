// Desktop dialogs of 账户管理: the money forms (充值, 冻结, 解冻, 提现, 转账) in a Modal, and for a
// charge or withdrawal the channel order afterwards (处理中 → 成功 / 失败, 刷新状态).
import { useEffect } from 'react';
import { App, Button, Descriptions, Form, Input, Modal, Result, Select, Tag } from 'antd';
import type { OrderView } from '@contract/api/ledger';
import { yuanText } from '@contract/money';
import { FORM_MSG, OP_TITLE, type AccountOpProps, type OpValues } from './accountOps';
import { amountHint, ORDER_CSS, shownCard } from './ledgerApi';
import { time } from './payApi';
import { useAccountOp } from './useAccountOp';

export default function AccountOpDesktop({ op, account, onClose, onChanged }: AccountOpProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OpValues>();
  const s = useAccountOp(op, account, { success: (m) => void message.success(m), warning: (m) => void message.warning(m) }, onChanged);
  const holdId = Form.useWatch('holdId', form);

  // 解冻: preselect the newest open hold and offer its whole remaining amount.
  useEffect(() => {
    if (op !== 'unfreeze' || form.getFieldValue('holdId') || !s.holds[0]) return;
    form.setFieldsValue({ holdId: s.holds[0].holdId, amount: s.holds[0].remaining });
  }, [op, s.holds, form]);
  const hold = s.holds.find((h) => h.holdId === holdId);

  const onFinish = async (values: OpValues) => {
    if ((await s.submit(values)) && op !== 'charge' && op !== 'withdraw') onClose();
  };

  const title = `${OP_TITLE[op]} · ${account.acctNo}`;
  if (s.order) {
    return (
      <Modal
        open
        title={title}
        onCancel={onClose}
        width={560}
        footer={[
          <Button key="refresh" onClick={s.refresh} loading={s.refreshing}>
            刷新状态
          </Button>,
          <Button key="done" type="primary" onClick={onClose}>
            完成
          </Button>,
        ]}
      >
        <OrderResult order={s.order} />
      </Modal>
    );
  }
  const needsChoice = (op === 'unfreeze' && !s.holds.length) || (op === 'withdraw' && !s.cards.length);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={560}
      okText="确定"
      cancelText="取消"
      confirmLoading={s.busy}
      okButtonProps={{ disabled: s.choicesLoading || needsChoice }}
      onOk={() => form.submit()}
      destroyOnHidden
      maskClosable={false}
    >
      <Descriptions
        size="small"
        column={2}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'name', label: '账户名称', children: account.acctName, span: 2 },
          { key: 'balance', label: '余额', children: yuanText(account.balance) },
          { key: 'available', label: '可用余额', children: yuanText(account.available) },
          { key: 'frozen', label: '冻结金额', children: yuanText(account.frozen) },
          { key: 'type', label: '账户类型', children: account.acctTypeText },
        ]}
      />
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} onFinish={(v) => void onFinish(v)} autoComplete="off">
        {op === 'unfreeze' && (
          <Form.Item
            name="holdId"
            label="冻结记录"
            rules={[s.rule('holdId')]}
            required
            help={!s.choicesLoading && !s.holds.length ? FORM_MSG.noHolds : undefined}
          >
            <Select
              loading={s.choicesLoading}
              placeholder={FORM_MSG.hold}
              onChange={(id: string) => form.setFieldValue('amount', s.holds.find((h) => h.holdId === id)?.remaining)}
              options={s.holds.map((h) => ({
                value: h.holdId,
                label: `${time(h.createdAt)} · 剩余 ${yuanText(h.remaining)}${h.reason ? ` · ${h.reason}` : ''}`,
              }))}
            />
          </Form.Item>
        )}
        {op === 'withdraw' && (
          <Form.Item
            name="cardNo"
            label="提现银行卡"
            rules={[s.rule('cardNo')]}
            required
            help={!s.choicesLoading && !s.cards.length ? FORM_MSG.noCards : undefined}
          >
            <Select
              loading={s.choicesLoading}
              placeholder={FORM_MSG.card}
              options={s.cards.map((c) => ({ value: c.cardNo, label: `${shownCard(c.cardNo)} · ${c.bankName || '银行卡'} · ${c.holderName}` }))}
            />
          </Form.Item>
        )}
        {op === 'transfer' && (
          <Form.Item name="toAcctNo" label="转入账号" rules={[s.rule('toAcctNo')]} required>
            <Input placeholder={FORM_MSG.toAcctNo} maxLength={40} />
          </Form.Item>
        )}
        <Form.Item name="amount" label="金额" rules={[s.rule('amount')]} required extra={amountHint(op, account, hold?.remaining)}>
          <Input prefix="¥" suffix="元" placeholder="请输入金额" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={op === 'freeze' || op === 'unfreeze' ? '原因' : '备注'}
          rules={[s.rule('reason')]}
          required={op === 'freeze' || op === 'unfreeze'}
        >
          <Input.TextArea placeholder={op === 'freeze' || op === 'unfreeze' ? '请输入原因' : '请输入备注'} maxLength={200} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function OrderResult({ order }: { order: OrderView }) {
  const pending = order.status === 'pending';
  const what = order.kind === 'charge' ? '充值' : '提现';
  return (
    <Result
      status={pending ? 'info' : order.status === 'succeeded' ? 'success' : 'error'}
      title={pending ? `${what}处理中，等待渠道确认` : `${what}${order.statusText}`}
      subTitle={order.failReason ?? undefined}
      style={{ padding: '16px 0' }}
      extra={
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            {
              key: 'status',
              label: '交易状态',
              children: (
                <Tag color={ORDER_CSS[order.status]} data-testid="order-status">
                  {order.statusText}
                </Tag>
              ),
            },
            { key: 'amount', label: '金额', children: yuanText(order.amount) },
            ...(order.cardNo ? [{ key: 'card', label: '银行卡', children: shownCard(order.cardNo) }] : []),
            { key: 'id', label: '交易号', children: order.orderId },
            { key: 'time', label: '更新时间', children: time(order.updatedAt) },
          ]}
        />
      }
    />
  );
}
