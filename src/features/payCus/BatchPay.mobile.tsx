import { useState } from 'react';
import { Button, Selector, Toast } from 'antd-mobile';
import { EditableGrid } from '@/components/grid/EditableGrid';
import { SyncBarMobile } from '@/components/grid/SyncBar.mobile';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import { failureMessage } from '@/components/dialogs/formRules';
import { BATCH_PAY, useBatchPay } from './batchPayModel';
import { usePayResult } from './payResult';
import { usePayer } from './usePayer';
import { reviewReservation } from './ReservationReview.mobile';

export default function BatchPayMobile() {
  const result = usePayResult();
  const payer = usePayer();
  const batch = useBatchPay((text) => Toast.show({ content: text }));
  const [fromAcctNo, setFrom] = useState<string>();

  const submit = async () => {
    try {
      const order = await batch.submit(fromAcctNo, '', payer.account(fromAcctNo), reviewReservation);
      if (order) result.submitted(order, BATCH_PAY);
    } catch (err) {
      if (!result.refused(err, batch.editAgain)) Toast.show({ content: failureMessage(err) });
    }
  };
  return (
    <div style={{ paddingBottom: 80 }}>
      <div style={{ padding: 12, background: '#fff' }}>
        <div style={{ marginBottom: 8 }}>
          <CustomerPicker
            value={payer.cusCode}
            disabled={!!payer.ownCusCode}
            onChange={(c) => {
              setFrom(undefined);
              void payer.load(c?.cusCode ?? '');
            }}
          />
        </div>
        {payer.error && <div style={{ color: 'var(--adm-color-danger)', fontSize: 13 }}>{payer.error}</div>}
        <Selector columns={1} options={payer.options} value={fromAcctNo ? [fromAcctNo] : []} onChange={(v) => setFrom(v[0])} />
      </div>
      <SyncBarMobile {...batch.live.bar} />
      <EditableGrid {...batch.live.grid} maxHeight={560} />
      <div
        style={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '10px 12px calc(10px + env(safe-area-inset-bottom))',
          background: '#fff',
          boxShadow: '0 -1px 4px rgba(0,0,0,.08)',
          zIndex: 10,
        }}
      >
        <div style={{ flex: 1, fontSize: 14 }}>
          {batch.count} 笔，合计 <b>¥{batch.total.text}</b>
        </div>
        <Button color="primary" loading={batch.saving} onClick={() => void submit()}>
          提交审批
        </Button>
      </div>
    </div>
  );
}
