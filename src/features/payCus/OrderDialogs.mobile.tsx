// Phone dialogs of the order list: detail sheet (rows, audit trail; live while open), reject reason, edit of a
// single order, and the per-order outcomes of a decision.
import { useEffect, useState } from 'react';
import { Button, Form, Input, List, Popup, Steps, Tag, TextArea, Toast } from 'antd-mobile';
import { PAY_MSG, singlePayload, type PayOrderDetail } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { failureMessage, schemaRule } from '@/components/dialogs/formRules';
import { mobileTagColor, ORDER_STATUS_COLOR } from '@/components/statusTags';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { auditReject, editOrder, orderDetail, time } from './payApi';
import { outcomeLines, type OrderDialogsProps, type OrderRow } from './orderDialogs';

const sheet = { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' as const };
const Title = ({ children }: { children: string }) => (
  <div style={{ padding: '16px 12px 8px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>{children}</div>
);

function Detail({ row, onClose }: { row: OrderRow; onClose: () => void }) {
  const [detail, setDetail] = useState<PayOrderDetail | null>(null);
  const [changed, setChanged] = useState(0);
  useLiveRefresh({ kind: 'payOrder', id: row.orderId }, () => setChanged((n) => n + 1));
  useEffect(() => {
    orderDetail(row.orderId, 1, 50).then(setDetail, (e: unknown) => Toast.show({ content: failureMessage(e) }));
  }, [row.orderId, changed]);
  const o = detail?.order ?? row;
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={sheet}>
      <Title>{`订单 ${o.orderNo}`}</Title>
      <List>
        <List.Item
          extra={
            <Tag color={mobileTagColor(ORDER_STATUS_COLOR[o.status])} fill="outline">
              {o.statusText}
            </Tag>
          }
        >
          状态
        </List.Item>
        <List.Item extra={yuanText(o.amount)}>金额（{o.kindText}）</List.Item>
        <List.Item extra={o.fromAcctNo}>付款账户</List.Item>
        {o.kind !== 'batch' && <List.Item extra={`${o.payeeName ?? ''} ${o.payeeAcctNo || o.bankCardNo || ''}`}>收款方</List.Item>}
        <List.Item extra={o.makerName}>提交人</List.Item>
        {o.rejectReason && <List.Item description={o.rejectReason}>驳回原因</List.Item>}
      </List>
      {o.kind === 'batch' && detail && (
        <List header={`付款明细（${o.rowCount} 笔）`}>
          {detail.rows.map((r) => (
            <List.Item key={r.rowNo} description={r.payeeAcctNo || r.bankCardNo} extra={yuanText(r.amount)}>{`${r.rowNo}. ${r.payeeName}`}</List.Item>
          ))}
        </List>
      )}
      <div style={{ padding: '12px 16px 4px', fontWeight: 600 }}>审批轨迹</div>
      <Steps direction="vertical" current={(detail?.events.length ?? 1) - 1} style={{ padding: '0 8px' }}>
        {(detail?.events ?? []).map((e, i) => (
          <Steps.Step
            key={i}
            status={e.action === 'reject' ? 'error' : 'finish'}
            title={`${e.actorName} ${e.actionText}`}
            description={`${time(e.createdAt)}${e.reason ? `  原因：${e.reason}` : ''}`}
          />
        ))}
      </Steps>
      <div style={{ padding: 16 }}>
        <Button block onClick={onClose}>
          关闭
        </Button>
      </div>
    </Popup>
  );
}

function Reject({ rows, onClose, onChanged, onOutcomes }: { rows: OrderRow[] } & Omit<OrderDialogsProps, 'dialog'>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setError(PAY_MSG.rejectReason);
      return;
    }
    setBusy(true);
    try {
      const result = await auditReject(
        rows.map((r) => r.orderId),
        reason.trim(),
      );
      onChanged();
      if (rows.length === 1) {
        Toast.show({ icon: 'success', content: '驳回成功' });
        onClose();
      } else onOutcomes({ kind: 'outcomes', action: '驳回', result, rows });
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={sheet}>
      <Title>{rows.length > 1 ? `驳回 ${rows.length} 笔订单` : `驳回订单 ${rows[0]?.orderNo ?? ''}`}</Title>
      <div style={{ padding: '0 16px' }}>
        <TextArea
          placeholder={PAY_MSG.rejectReason}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setError(null);
          }}
          maxLength={200}
          rows={3}
          showCount
          style={{ border: `1px solid ${error ? '#ff3141' : '#eee'}`, borderRadius: 6, padding: 8 }}
        />
        <div style={{ color: 'var(--adm-color-danger)', minHeight: 20, fontSize: 13 }}>{error}</div>
      </div>
      <div style={{ padding: 16, display: 'flex', gap: 12 }}>
        <Button block onClick={onClose}>
          取消
        </Button>
        <Button block color="danger" loading={busy} onClick={() => void submit()}>
          驳回
        </Button>
      </div>
    </Popup>
  );
}

function Edit({ row, onClose, onChanged }: { row: OrderRow; onClose: () => void; onChanged: () => void }) {
  const [form] = Form.useForm<{ payeeName: string; amount: string; remark: string }>();
  const [busy, setBusy] = useState(false);
  const rule = (f: string) => [
    ({ getFieldsValue }: { getFieldsValue: () => unknown }) =>
      schemaRule(
        singlePayload,
        f,
      )({
        getFieldsValue: () => ({
          fromAcctNo: row.fromAcctNo,
          payeeAcctNo: row.payeeAcctNo ?? undefined,
          bankCardNo: row.bankCardNo ? '6222020000000000' : undefined,
          ...(getFieldsValue() as object),
        }),
      }),
  ];
  const onFinish = async (v: { payeeName: string; amount: string; remark: string }) => {
    setBusy(true);
    try {
      await editOrder(row.orderId, row.version, { payeeName: v.payeeName.trim(), amount: v.amount.trim(), remark: (v.remark ?? '').trim() });
      Toast.show({ icon: 'success', content: '修改成功' });
      onChanged();
      onClose();
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={sheet}>
      <Title>{`编辑订单 ${row.orderNo}`}</Title>
      <Form
        form={form}
        initialValues={{ payeeName: row.payeeName, amount: row.amount, remark: row.remark }}
        onFinish={(v) => void onFinish(v)}
        footer={
          <Button block type="submit" color="primary" loading={busy}>
            保存
          </Button>
        }
      >
        <Form.Item name="payeeName" label="收款人名称" rules={rule('payeeName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="amount" label="金额（元）" rules={rule('amount')}>
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Popup>
  );
}

export default function OrderDialogsMobile(props: OrderDialogsProps) {
  const { dialog, onClose } = props;
  if (dialog.kind === 'detail') return <Detail row={dialog.row} onClose={onClose} />;
  if (dialog.kind === 'reject') return <Reject rows={dialog.rows} {...props} />;
  if (dialog.kind === 'edit') return <Edit row={dialog.row} onClose={onClose} onChanged={props.onChanged} />;
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={sheet}>
      <Title>{`${dialog.action}结果：成功 ${dialog.result.passed} 笔，失败 ${dialog.result.failed} 笔`}</Title>
      <List>
        {outcomeLines(dialog).map((l) => (
          <List.Item key={l.orderNo} extra={<span style={{ color: l.ok ? 'var(--adm-color-success)' : 'var(--adm-color-danger)' }}>{l.text}</span>}>
            {l.orderNo}
          </List.Item>
        ))}
      </List>
      <div style={{ padding: 16 }}>
        <Button block onClick={onClose}>
          知道了
        </Button>
      </div>
    </Popup>
  );
}
