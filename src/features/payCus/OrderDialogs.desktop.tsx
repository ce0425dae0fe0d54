// Desktop dialogs of the order list: detail drawer (rows, audit trail; live while open), reject
// reason, edit of a single order, and the per-order outcomes of a decision.
import { useEffect, useState } from 'react';
import { Alert, App, Descriptions, Drawer, Form, Input, List, Modal, Spin, Table, Tag, Timeline } from 'antd';
import { PAY_MSG, singlePayload, type PayOrderDetail } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { failureMessage, schemaRule } from '@/components/dialogs/formRules';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { auditReject, editOrder, orderDetail, time } from './payApi';
import { outcomeLines, type OrderDialogsProps, type OrderRow } from './orderDialogs';

function Detail({ row, onClose }: { row: OrderRow; onClose: () => void }) {
  const [detail, setDetail] = useState<PayOrderDetail | null>(null);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(0);
  useLiveRefresh({ kind: 'payOrder', id: row.orderId }, () => setChanged((n) => n + 1));
  useEffect(() => {
    orderDetail(row.orderId, page, 10).then(setDetail, (e: unknown) => setError(failureMessage(e)));
  }, [row.orderId, page, changed]);
  const o = detail?.order ?? row;
  return (
    <Drawer open title={`订单详情 ${o.orderNo}`} width={760} onClose={onClose}>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="订单号">{o.orderNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={ORDER_STATUS_COLOR[o.status]}>{o.statusText}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="类型">{o.kindText}</Descriptions.Item>
        <Descriptions.Item label="金额">
          <b>{yuanText(o.amount)}</b>
        </Descriptions.Item>
        <Descriptions.Item label="付款账户">{o.fromAcctNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="客户">{[o.fromCusCode, o.fromCusName].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
        {o.kind !== 'batch' && <Descriptions.Item label="收款人">{o.payeeName ?? '—'}</Descriptions.Item>}
        {o.kind !== 'batch' && <Descriptions.Item label="收款账号">{o.payeeAcctNo || o.bankCardNo || '—'}</Descriptions.Item>}
        {o.kind === 'batch' && <Descriptions.Item label="笔数">{`${o.rowCount} 笔（成功 ${o.succeededCount}，失败 ${o.failedCount}）`}</Descriptions.Item>}
        <Descriptions.Item label="提交人">{o.makerName}</Descriptions.Item>
        <Descriptions.Item label="审批人">{o.approverName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{time(o.submittedAt ?? o.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="完成时间">{time(o.finishedAt)}</Descriptions.Item>
        {o.rejectReason && (
          <Descriptions.Item label="驳回原因" span={2}>
            {o.rejectReason}
          </Descriptions.Item>
        )}
        {o.failReason && (
          <Descriptions.Item label="失败原因" span={2}>
            {o.failReason}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="备注" span={2}>
          {o.remark || '—'}
        </Descriptions.Item>
      </Descriptions>
      {o.kind === 'batch' && (
        <>
          <h4 style={{ margin: '20px 0 8px' }}>付款明细</h4>
          <Table
            size="small"
            rowKey="rowNo"
            loading={!detail}
            dataSource={detail?.rows ?? []}
            pagination={{
              current: page,
              pageSize: 10,
              total: detail?.rowsPage.count ?? 0,
              onChange: setPage,
              showTotal: (t) => `共${t}条`,
              showSizeChanger: false,
            }}
            columns={[
              { dataIndex: 'rowNo', title: '行号', width: 60 },
              { dataIndex: 'payeeName', title: '收款人' },
              { dataIndex: 'payeeAcctNo', title: '收款账号/银行卡号', render: (_: unknown, r) => r.payeeAcctNo || r.bankCardNo },
              { dataIndex: 'amount', title: '金额', align: 'right', render: (v: string) => yuanText(v) },
              {
                dataIndex: 'status',
                title: '状态',
                render: (v: string, r) => (
                  <Tag color={v === 'succeeded' ? 'green' : v === 'failed' ? 'red' : 'default'}>
                    {v === 'succeeded' ? '成功' : v === 'failed' ? `失败${r.failReason ? `：${r.failReason}` : ''}` : '待执行'}
                  </Tag>
                ),
              },
            ]}
          />
        </>
      )}
      <h4 style={{ margin: '20px 0 12px' }}>审批轨迹</h4>
      {!detail ? (
        <Spin />
      ) : (
        <Timeline
          items={detail.events.map((e) => ({
            color: e.action === 'reject' || e.toStatus === 'failed' ? 'red' : e.action === 'approve' || e.toStatus === 'succeeded' ? 'green' : 'blue',
            children: (
              <div>
                <div>
                  <b>{e.actorName}</b> {e.actionText}
                  <span style={{ color: 'var(--boss-color-weak)', marginLeft: 8 }}>{time(e.createdAt)}</span>
                </div>
                {e.reason && <div style={{ color: '#666' }}>原因：{e.reason}</div>}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}

function Reject({ rows, onClose, onChanged, onOutcomes }: { rows: OrderRow[] } & Omit<OrderDialogsProps, 'dialog'>) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const onOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const result = await auditReject(
        rows.map((r) => r.orderId),
        v.reason.trim(),
      );
      onChanged();
      if (rows.length === 1) {
        void message.success('驳回成功');
        onClose();
      } else onOutcomes({ kind: 'outcomes', action: '驳回', result, rows });
    } catch (err) {
      void message.warning(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={rows.length > 1 ? `驳回 ${rows.length} 笔订单` : `驳回订单 ${rows[0]?.orderNo}`}
      okText="驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void onOk()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: PAY_MSG.rejectReason },
            { max: 200, message: '驳回原因最多200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={PAY_MSG.rejectReason} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Edit({ row, onClose, onChanged }: { row: OrderRow; onClose: () => void; onChanged: () => void }) {
  const [form] = Form.useForm<{ payeeName: string; amount: string; remark: string }>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
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
  const onOk = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await editOrder(row.orderId, row.version, { payeeName: v.payeeName.trim(), amount: v.amount.trim(), remark: (v.remark ?? '').trim() });
      void message.success('修改成功，订单需重新审批');
      onChanged();
      onClose();
    } catch (err) {
      void message.warning(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`编辑订单 ${row.orderNo}`} okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => void onOk()} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={{ payeeName: row.payeeName, amount: row.amount, remark: row.remark }} style={{ marginTop: 16 }}>
        <Form.Item label="收款账号">{row.payeeAcctNo || row.bankCardNo}</Form.Item>
        <Form.Item name="payeeName" label="收款人名称" rules={rule('payeeName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="amount" label="金额（元）" rules={rule('amount')}>
          <Input prefix="¥" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function OrderDialogsDesktop(props: OrderDialogsProps) {
  const { dialog, onClose } = props;
  if (dialog.kind === 'detail') return <Detail row={dialog.row} onClose={onClose} />;
  if (dialog.kind === 'reject') return <Reject rows={dialog.rows} {...props} />;
  if (dialog.kind === 'edit') return <Edit row={dialog.row} onClose={onClose} onChanged={props.onChanged} />;
  const lines = outcomeLines(dialog);
  return (
    <Modal open title={`${dialog.action}结果`} footer={null} onCancel={onClose}>
      <Alert
        type={dialog.result.failed ? 'warning' : 'success'}
        showIcon
        message={`成功 ${dialog.result.passed} 笔，失败 ${dialog.result.failed} 笔`}
        style={{ margin: '12px 0' }}
      />
      <List
        size="small"
        bordered
        dataSource={lines}
        renderItem={(l) => (
          <List.Item>
            <span>{l.orderNo}</span>
            <Tag color={l.ok ? 'green' : 'red'} style={{ whiteSpace: 'normal' }}>
              {l.text}
            </Tag>
          </List.Item>
        )}
      />
    </Modal>
  );
}
