// The fee modal (desktop): scope, product, type, method and its prices, effective time, and a live preview.
import { App, Alert, Button, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import type { FeeRuleDialogProps } from './FeeRuleDialog';
import { RuleTailDesktop } from './RuleTail.desktop';
import {
  FEE_RULE_HINT,
  FEE_RULE_SAVED,
  FEE_RULE_TITLE,
  METHOD_OPTIONS,
  PROVIDER_OPTIONS,
  SCOPE_OPTIONS,
  TX_OPTIONS,
  productOptions,
  useFeeRuleForm,
  type FeeRuleForm,
} from './feeRuleForm';

const yuan = { prefix: '¥', suffix: '元', inputMode: 'decimal' as const, maxLength: 16 };

export default function FeeRuleDialogDesktop({ open, onClose, onSaved, fixed }: FeeRuleDialogProps) {
  const { message } = App.useApp();
  const f = useFeeRuleForm(fixed, () => {
    message.success(FEE_RULE_SAVED);
    onSaved();
  });
  const v = f.values;
  const ok = async () => {
    const problem = await f.submit();
    if (problem) message.error(problem);
  };
  return (
    <Modal
      open={open}
      title={fixed ? `${FEE_RULE_TITLE}：${fixed.cusName}` : FEE_RULE_TITLE}
      width={640}
      onCancel={onClose}
      onOk={() => void ok()}
      okText="提交审批"
      confirmLoading={f.saving}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={FEE_RULE_HINT} style={{ marginBottom: 16 }} />
      <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        {!fixed && (
          <Form.Item label="适用范围" required>
            <Radio.Group
              optionType="button"
              options={SCOPE_OPTIONS}
              value={v.scope}
              onChange={(e) => f.patch({ scope: e.target.value, scopeRef: '', product: '*' })}
            />
          </Form.Item>
        )}
        {!fixed && v.scope === 'customer' && (
          <Form.Item label="客户" required>
            <CustomerPicker value={v.scopeRef} onChange={(c) => f.patch({ scopeRef: c?.cusCode ?? '' })} />
          </Form.Item>
        )}
        {!fixed && v.scope === 'provider' && (
          <Form.Item label="支付机构" required>
            <Select
              options={PROVIDER_OPTIONS}
              value={v.scopeRef || undefined}
              placeholder="请选择支付机构"
              onChange={(p: string) => f.patch({ scopeRef: p, product: '*' })}
            />
          </Form.Item>
        )}
        <Form.Item label="产品">
          <Select options={productOptions(v.scope, v.scopeRef)} value={v.product} onChange={(p: string) => f.patch({ product: p })} />
        </Form.Item>
        <Form.Item label="交易类型" required>
          <Select options={TX_OPTIONS} value={v.txType} onChange={(t) => f.patch({ txType: t })} aria-label="交易类型" />
        </Form.Item>
        <Form.Item label="计费方式" required>
          <Radio.Group optionType="button" options={METHOD_OPTIONS} value={v.method} onChange={(e) => f.patch({ method: e.target.value })} />
        </Form.Item>
        <Prices f={f} />
        <RuleTailDesktop effectiveFrom={v.effectiveFrom} remark={v.remark} preview={f.preview} patch={f.patch} />
      </Form>
    </Modal>
  );
}

function Prices({ f }: { f: FeeRuleForm }) {
  const v = f.values;
  if (v.method === 'fixed')
    return (
      <Form.Item label="每笔手续费" required>
        <Input {...yuan} value={v.fixedFee} onChange={(e) => f.patch({ fixedFee: e.target.value })} placeholder="如 2.00" aria-label="每笔手续费" />
      </Form.Item>
    );
  const minMax = (
    <Form.Item label="最低/最高">
      <Space>
        <Input {...yuan} value={v.minFee} onChange={(e) => f.patch({ minFee: e.target.value })} placeholder="最低（选填）" aria-label="最低手续费" />
        <Input {...yuan} value={v.maxFee} onChange={(e) => f.patch({ maxFee: e.target.value })} placeholder="最高（选填）" aria-label="最高手续费" />
      </Space>
    </Form.Item>
  );
  if (v.method === 'percent')
    return (
      <>
        <Form.Item label="费率" required>
          <Input
            suffix="%"
            inputMode="decimal"
            maxLength={9}
            value={v.rate}
            onChange={(e) => f.patch({ rate: e.target.value })}
            placeholder="如 0.38"
            aria-label="费率"
          />
        </Form.Item>
        {minMax}
      </>
    );
  return (
    <>
      <Form.Item label="阶梯" required extra="金额不超过上限的交易整笔按该档计费；最后一档不填上限">
        {v.tiers.map((t, i) => (
          <Space key={i} style={{ display: 'flex', marginBottom: 8 }} wrap>
            <Input
              {...yuan}
              style={{ width: 150 }}
              disabled={i === v.tiers.length - 1}
              value={i === v.tiers.length - 1 ? '' : t.upTo}
              onChange={(e) => f.setTier(i, { upTo: e.target.value })}
              placeholder={i === v.tiers.length - 1 ? '以上' : '上限'}
              aria-label={`第${i + 1}档上限`}
            />
            <Input
              {...yuan}
              style={{ width: 130 }}
              value={t.fixedFee}
              onChange={(e) => f.setTier(i, { fixedFee: e.target.value })}
              placeholder="固定"
              aria-label={`第${i + 1}档固定手续费`}
            />
            <Input
              suffix="%"
              style={{ width: 110 }}
              value={t.rate}
              onChange={(e) => f.setTier(i, { rate: e.target.value })}
              placeholder="费率"
              aria-label={`第${i + 1}档费率`}
            />
            {v.tiers.length > 1 && (
              <Button type="link" danger onClick={() => f.removeTier(i)}>
                删除
              </Button>
            )}
          </Space>
        ))}
        <Button type="dashed" onClick={f.addTier} disabled={v.tiers.length >= 10}>
          添加一档
        </Button>
      </Form.Item>
      {minMax}
    </>
  );
}
