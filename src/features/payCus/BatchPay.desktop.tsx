import { useRef, useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Statistic } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { yuanText } from '@contract/money';
import { EditableGrid } from '@/components/grid/EditableGrid';
import { FilePicker } from '@/components/upload/FilePicker';
import { SyncBarDesktop } from '@/components/grid/SyncBar.desktop';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import { failureMessage } from '@/components/dialogs/formRules';
import { BATCH_PAY, useBatchPay } from './batchPayModel';
import { usePayResult } from './payResult';
import { usePayer } from './usePayer';
import { useReservationReview } from './ReservationReview.desktop';

export default function BatchPayDesktop() {
  const { message } = App.useApp();
  const result = usePayResult();
  const payer = usePayer();
  const batch = useBatchPay((text) => void message.warning(text));
  const [fromAcctNo, setFrom] = useState<string>();
  const [remark, setRemark] = useState('');
  const from = payer.account(fromAcctNo);
  const review = useReservationReview();
  const excelInput = useRef<HTMLInputElement>(null);
  const importExcel = (file: File | undefined) =>
    file &&
    batch.importFile(file).then(
      (t) => void message.success(t),
      (err: unknown) => void message.warning(failureMessage(err)),
    );

  const submit = async () => {
    try {
      const order = await batch.submit(fromAcctNo, remark, from, review);
      if (order) result.submitted(order, BATCH_PAY);
    } catch (err) {
      if (!result.refused(err, batch.editAgain)) void message.warning(failureMessage(err));
    }
  };
  return (
    <Card title="批量付款" extra={<span style={{ color: 'var(--boss-color-weak)' }}>每批最多10000行；整批校验，任一行有误整批不提交</span>}>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item label="客户" required>
          <CustomerPicker
            style={{ width: 300 }}
            value={payer.cusCode}
            disabled={!!payer.ownCusCode}
            onChange={(c) => {
              setFrom(undefined);
              void payer.load(c?.cusCode ?? '');
            }}
          />
        </Form.Item>
        <Form.Item label="付款账户" required validateStatus={payer.error ? 'error' : undefined} help={payer.error ?? undefined}>
          <Select
            aria-label="付款账户"
            style={{ width: 380 }}
            placeholder="请选择付款账户"
            options={payer.options}
            value={fromAcctNo}
            onChange={setFrom}
            notFoundContent={payer.cusCode ? '该客户没有可用账户' : '请先选择客户'}
          />
        </Form.Item>
        <Form.Item label="备注">
          <Input style={{ width: 240 }} placeholder="请输入备注" maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
      </Form>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Statistic title="付款笔数" value={batch.count} suffix="笔" />
        </Col>
        <Col span={6}>
          <Statistic title="付款总额" value={`¥${batch.total.text}`} />
        </Col>
        <Col span={6}>
          <Statistic title="账户可用余额" value={from ? yuanText(from.available) || '¥0.00' : '—'} />
        </Col>
        <Col span={6} style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'flex-end' }}>
          <Space>
            {batch.mayImport && (
              <>
                <FilePicker multiple={false} accept=".xlsx" inputRef={excelInput} onFiles={(files) => void importExcel(files[0])} />
                <Button icon={<UploadOutlined />} loading={batch.importing} onClick={() => excelInput.current?.click()}>
                  导入Excel
                </Button>
              </>
            )}
          </Space>
        </Col>
      </Row>
      <SyncBarDesktop {...batch.live.bar} />
      <EditableGrid {...batch.live.grid} maxHeight={440} />
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <span style={{ color: 'var(--boss-color-weak)' }}>导入文件表头：收款人名称、收款账号、银行卡号、金额、备注（收款账号与银行卡号填写其一）</span>
        <Button type="primary" size="large" loading={batch.saving} onClick={() => void submit()}>
          提交审批
        </Button>
      </div>
    </Card>
  );
}
