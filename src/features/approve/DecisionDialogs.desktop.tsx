// Desktop dialogs of a decision: the reject reason (required '请输入驳回原因') and the per-order outcome.
import { useEffect, useState } from 'react';
import { App, Input, List, Modal, Result, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { PAY_MSG } from '@contract/api/pay';
import { failureMessage } from '@/components/dialogs/formRules';
import type { OutcomeSummary } from './rules';

export function RejectDialog({
  open,
  count,
  onClose,
  onConfirm,
}: {
  open: boolean;
  count: number;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
    }
  }, [open]);
  const submit = async () => {
    if (!reason.trim()) {
      setError(PAY_MSG.rejectReason);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } catch (err) {
      void message.warning(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={count > 1 ? `驳回 ${count} 笔订单` : '驳回订单'}
      okText="确认驳回"
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      <Input.TextArea
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          if (e.target.value.trim()) setError(null);
        }}
        placeholder={PAY_MSG.rejectReason}
        rows={4}
        maxLength={200}
        showCount
        status={error ? 'error' : undefined}
        autoFocus
        aria-label="驳回原因"
      />
      <div style={{ minHeight: 22, color: 'var(--boss-color-danger)', marginTop: 4 }}>{error}</div>
    </Modal>
  );
}

export function OutcomeDialog({ outcome, onClose }: { outcome: OutcomeSummary | null; onClose: () => void }) {
  return (
    <Modal open={!!outcome} title="处理结果" onCancel={onClose} onOk={onClose} okText="知道了" cancelButtonProps={{ style: { display: 'none' } }} width={520}>
      {outcome && (
        <>
          <Result
            status={outcome.allOk ? 'success' : outcome.lines.some((l) => l.ok) ? 'warning' : 'error'}
            title={outcome.title}
            style={{ padding: '12px 0' }}
          />
          <List
            size="small"
            bordered
            dataSource={outcome.lines}
            renderItem={(l) => (
              <List.Item>
                <span>
                  {l.ok ? (
                    <CheckCircleFilled style={{ color: '#52c41a', marginRight: 8 }} />
                  ) : (
                    <CloseCircleFilled style={{ color: 'var(--boss-color-danger)', marginRight: 8 }} />
                  )}
                  {l.orderNo}
                </span>
                <Typography.Text type={l.ok ? 'success' : 'danger'}>{l.text}</Typography.Text>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
