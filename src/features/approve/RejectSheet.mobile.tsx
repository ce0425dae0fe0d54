// The reject sheet on a phone: a required reason ('请输入驳回原因') for the orders being decided.
import { useEffect, useState } from 'react';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { PAY_MSG } from '@contract/api/pay';
import { failureMessage } from '@/components/dialogs/formRules';

export default function RejectSheetMobile({
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
      Toast.show({ icon: 'fail', content: failureMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={open} onMaskClick={busy ? undefined : onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      <div style={{ padding: '14px 16px 20px' }}>
        <div style={{ display: 'flex', alignItems: 'center', marginBottom: 10 }}>
          <a role="button" onClick={busy ? undefined : onClose} style={{ width: 48, color: '#666' }}>
            取消
          </a>
          <div style={{ flex: 1, textAlign: 'center', fontSize: 17, fontWeight: 600 }}>驳回{count > 1 ? ` ${count} 笔订单` : '订单'}</div>
          <span style={{ width: 48 }} />
        </div>
        <div style={{ border: `1px solid ${error ? '#ff3141' : '#ddd'}`, borderRadius: 6, padding: '8px 10px' }}>
          <TextArea
            placeholder={PAY_MSG.rejectReason}
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (v.trim()) setError(null);
            }}
            rows={4}
            maxLength={200}
            showCount
            autoFocus
            aria-label="驳回原因"
          />
        </div>
        <div style={{ minHeight: 22, color: 'var(--adm-color-danger)', fontSize: 13, paddingTop: 4 }}>{error}</div>
        <Button block color="danger" size="large" loading={busy} onClick={() => void submit()}>
          确认驳回
        </Button>
      </div>
    </Popup>
  );
}
