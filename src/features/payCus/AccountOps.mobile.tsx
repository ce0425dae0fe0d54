// Phone forms of 账户管理 (antd-mobile): the same operations as the desktop dialogs in a bottom
// Popup, the same rules (useAccountOp), and the channel order of a charge or withdrawal afterwards.
import { useEffect } from 'react';
import { Button, Form, Input, List, Popup, Result, Selector, Tag, TextArea, Toast } from 'antd-mobile';
import type { OrderView } from '@contract/api/ledger';
import { yuanText } from '@contract/money';
import { FORM_MSG, OP_TITLE, type AccountOpProps, type OpValues } from './accountOps';
import { amountHint, ORDER_CSS, shownCard } from './ledgerApi';
import { time } from './payApi';
import { useAccountOp } from './useAccountOp';

const sheet = { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' as const };
const one = (v: unknown) => ({ value: v ? [v] : [] });
const first = (v: string[]) => v[0];
const notify = { success: (m: string) => Toast.show({ icon: 'success', content: m }), warning: (m: string) => Toast.show({ content: m }) };

export default function AccountOpMobile({ op, account, onClose, onChanged }: AccountOpProps) {
  const [form] = Form.useForm<OpValues>();
  const s = useAccountOp(op, account, notify, onChanged);
  const holdId = Form.useWatch('holdId', form) as string | undefined;

  useEffect(() => {
    if (op !== 'unfreeze' || form.getFieldValue('holdId') || !s.holds[0]) return;
    form.setFieldsValue({ holdId: s.holds[0].holdId, amount: s.holds[0].remaining });
  }, [op, s.holds, form]);
  const hold = s.holds.find((h) => h.holdId === holdId);
  const withReason = op === 'freeze' || op === 'unfreeze';

  const onFinish = async (values: OpValues) => {
    if ((await s.submit(values)) && op !== 'charge' && op !== 'withdraw') onClose();
  };
  const needsChoice = (op === 'unfreeze' && !s.holds.length) || (op === 'withdraw' && !s.cards.length);

  return (
    <Popup visible onMaskClick={s.busy ? undefined : onClose} position="bottom" bodyStyle={sheet} destroyOnClose>
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>{OP_TITLE[op]}</div>
      <div style={{ textAlign: 'center', color: 'var(--boss-color-weak)', fontSize: 13 }}>{`${account.acctNo} · ${account.acctTypeText}`}</div>
      {s.order ? (
        <OrderResult order={s.order} refreshing={s.refreshing} onRefresh={s.refresh} onClose={onClose} />
      ) : (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', textAlign: 'center', padding: '12px 8px', fontSize: 13 }}>
            <Figure label="余额" value={yuanText(account.balance)} />
            <Figure label="冻结" value={yuanText(account.frozen)} />
            <Figure label="可用" value={yuanText(account.available)} />
          </div>
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) => void onFinish(v)}
            footer={
              <div style={{ display: 'flex', gap: 12 }}>
                <Button block onClick={onClose}>
                  取消
                </Button>
                <Button block type="submit" color="primary" loading={s.busy} disabled={s.choicesLoading || needsChoice}>
                  确定
                </Button>
              </div>
            }
          >
            {op === 'unfreeze' && (
              <Form.Item
                name="holdId"
                label="冻结记录"
                rules={[s.rule('holdId')]}
                getValueProps={one}
                normalize={first}
                required
                description={!s.choicesLoading && !s.holds.length ? FORM_MSG.noHolds : undefined}
              >
                <Selector
                  columns={1}
                  onChange={(v) => form.setFieldValue('amount', s.holds.find((h) => h.holdId === v[0])?.remaining)}
                  options={s.holds.map((h) => ({
                    value: h.holdId,
                    label: `剩余 ${yuanText(h.remaining)}`,
                    description: `${time(h.createdAt)}${h.reason ? ` · ${h.reason}` : ''}`,
                  }))}
                />
              </Form.Item>
            )}
            {op === 'withdraw' && (
              <Form.Item
                name="cardNo"
                label="提现银行卡"
                rules={[s.rule('cardNo')]}
                getValueProps={one}
                normalize={first}
                required
                description={!s.choicesLoading && !s.cards.length ? FORM_MSG.noCards : undefined}
              >
                <Selector
                  columns={1}
                  options={s.cards.map((c) => ({ value: c.cardNo, label: shownCard(c.cardNo), description: `${c.bankName || '银行卡'} · ${c.holderName}` }))}
                />
              </Form.Item>
            )}
            {op === 'transfer' && (
              <Form.Item name="toAcctNo" label="转入账号" rules={[s.rule('toAcctNo')]} required>
                <Input placeholder={FORM_MSG.toAcctNo} maxLength={40} />
              </Form.Item>
            )}
            <Form.Item name="amount" label="金额（元）" rules={[s.rule('amount')]} required description={amountHint(op, account, hold?.remaining)}>
              <Input placeholder="请输入金额" inputMode="decimal" maxLength={16} clearable />
            </Form.Item>
            <Form.Item name="reason" label={withReason ? '原因' : '备注'} rules={[s.rule('reason')]} required={withReason}>
              <TextArea placeholder={withReason ? '请输入原因' : '请输入备注'} maxLength={200} rows={2} />
            </Form.Item>
          </Form>
        </>
      )}
    </Popup>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div style={{ color: 'var(--boss-color-weak)' }}>{label}</div>
      <div style={{ fontWeight: 600, marginTop: 2 }}>{value}</div>
    </div>
  );
}

function OrderResult({ order, refreshing, onRefresh, onClose }: { order: OrderView; refreshing: boolean; onRefresh: () => void; onClose: () => void }) {
  const pending = order.status === 'pending';
  const what = order.kind === 'charge' ? '充值' : '提现';
  return (
    <div>
      <Result
        status={pending ? 'waiting' : order.status === 'succeeded' ? 'success' : 'error'}
        title={pending ? `${what}处理中，等待渠道确认` : `${what}${order.statusText}`}
        description={order.failReason ?? undefined}
      />
      <List>
        <List.Item
          extra={
            <Tag color={ORDER_CSS[order.status]} data-testid="order-status">
              {order.statusText}
            </Tag>
          }
        >
          交易状态
        </List.Item>
        <List.Item extra={yuanText(order.amount)}>金额</List.Item>
        {order.cardNo && <List.Item extra={shownCard(order.cardNo)}>银行卡</List.Item>}
        <List.Item extra={time(order.updatedAt)}>更新时间</List.Item>
      </List>
      <div style={{ padding: 16, display: 'flex', gap: 12 }}>
        <Button block loading={refreshing} onClick={onRefresh}>
          刷新状态
        </Button>
        <Button block color="primary" onClick={onClose}>
          完成
        </Button>
      </div>
    </div>
  );
}
