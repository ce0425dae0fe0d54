// Desktop review queue: the submitted customers on the left, the opened one's data and materials
// on the right with a return reason per material, 审核通过 and 退回.
import { App, Alert, Button, Card, Col, Descriptions, Empty, Image, Input, List, Row, Space, Table } from 'antd';
import { CUS_KIND_TEXT, CUS_PERMS } from '@contract/api/cus';
import { formatDateTime } from '@contract/time';
import { failureMessage } from '@/components/dialogs/formRules';
import { useCan } from '@/hooks/useCan';
import { useReview } from './useReview';

export default function ReviewDesktop() {
  const r = useReview();
  const { message } = App.useApp();
  const can = useCan();
  const decide = async (kind: 'approve' | 'return') => {
    try {
      message.success(await r.decide(kind));
    } catch (err) {
      message.error(failureMessage(err));
    }
  };
  const m = r.open?.master;
  return (
    <Row gutter={16}>
      <Col span={10}>
        <Card title="待审核客户" extra={<a onClick={() => void r.reload()}>刷新</a>}>
          {r.error && <Alert type="error" message={r.error} />}
          <Table
            rowKey="cusCode"
            size="small"
            loading={r.loading}
            dataSource={r.queue}
            pagination={false}
            onRow={(row) => ({ onClick: () => void r.show(row.cusCode), style: { cursor: 'pointer' } })}
            rowClassName={(row) => (row.cusCode === m?.cusCode ? 'ant-table-row-selected' : '')}
            columns={[
              { title: '客户编号', dataIndex: 'cusCode', width: 110 },
              { title: '客户名称', dataIndex: 'cusName' },
              { title: '经办人', dataIndex: 'makerName', width: 100 },
              { title: '提交时间', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatDateTime(v) },
            ]}
          />
        </Card>
      </Col>
      <Col span={14}>
        {!r.open || !m ? (
          <Card>
            <Empty description="请选择左侧的客户" />
          </Card>
        ) : (
          <Card title={`审核：${m.cusName}（${m.cusCode}）`} data-testid="cus-review-panel">
            <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="客户类型">{CUS_KIND_TEXT[m.cusKind]}</Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码">{m.creditCode ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="法定代表人">{`${m.legalName ?? ''} ${m.legalIdNo ?? ''}`}</Descriptions.Item>
              <Descriptions.Item label="法人手机号">{m.legalMobile}</Descriptions.Item>
              <Descriptions.Item label="结算卡">{`${m.settleBankName ?? ''} ${m.settleCardNo ?? ''}`}</Descriptions.Item>
              <Descriptions.Item label="经办人">{m.makerName}</Descriptions.Item>
            </Descriptions>
            <List
              header="材料（如需退回，请在对应材料填写原因）"
              dataSource={r.open.materials}
              renderItem={(x) => (
                <List.Item>
                  <Space align="start" style={{ width: '100%' }}>
                    {x.isImage ? (
                      <Image src={x.url} width={96} height={72} style={{ objectFit: 'cover' }} alt={x.materialText} />
                    ) : (
                      <a href={x.url} target="_blank" rel="noreferrer">
                        {x.fileName}
                      </a>
                    )}
                    <div style={{ width: 360 }}>
                      <div>{x.materialText}</div>
                      <Input
                        aria-label={`${x.materialText}退回原因`}
                        placeholder="退回原因（选填）"
                        value={r.reasons[x.id] ?? ''}
                        maxLength={200}
                        onChange={(e) => r.setMaterialReason(x.id, e.target.value)}
                      />
                    </div>
                  </Space>
                </List.Item>
              )}
            />
            <Input.TextArea
              aria-label="整体退回原因"
              placeholder="整体退回原因（选填）"
              value={r.reason}
              maxLength={200}
              onChange={(e) => r.setReason(e.target.value)}
            />
            {can(CUS_PERMS.audit) && (
              <Space style={{ marginTop: 16 }}>
                <Button type="primary" loading={r.busy} onClick={() => void decide('approve')}>
                  审核通过
                </Button>
                <Button danger loading={r.busy} onClick={() => void decide('return')}>
                  退回
                </Button>
              </Space>
            )}
          </Card>
        )}
      </Col>
    </Row>
  );
}
