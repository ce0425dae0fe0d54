// The fee modal (phone): the same values and rules as the desktop dialog, in a full-screen popup.
import { Button, Form, Input, NavBar, NoticeBar, Popup, Selector, Toast } from 'antd-mobile';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import type { FeeRuleDialogProps } from './FeeRuleDialog';
import { RuleTailMobile } from './RuleTail.mobile';
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

const one = <T extends string>(v: T[], set: (x: T) => void) => v.length && set(v[0]);

export default function FeeRuleDialogMobile({ open, onClose, onSaved, fixed }: FeeRuleDialogProps) {
  const f = useFeeRuleForm(fixed, () => {
    Toast.show({ content: FEE_RULE_SAVED });
    onSaved();
  });
  const v = f.values;
  const ok = async () => {
    const problem = await f.submit();
    if (problem) Toast.show({ content: problem });
  };
  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }} destroyOnClose>
      <NavBar onBack={onClose}>{FEE_RULE_TITLE}</NavBar>
      <NoticeBar content={FEE_RULE_HINT} wrap color="info" />
      <Form
        layout="vertical"
        footer={
          <Button block color="primary" size="large" loading={f.saving} onClick={() => void ok()}>
            提交审批
          </Button>
        }
      >
        {fixed ? (
          <Form.Item label="客户">{fixed.cusName}</Form.Item>
        ) : (
          <Form.Item label="适用范围" required>
            <Selector options={SCOPE_OPTIONS} value={[v.scope]} onChange={(x) => one(x, (scope) => f.patch({ scope, scopeRef: '', product: '*' }))} />
          </Form.Item>
        )}
        {!fixed && v.scope === 'customer' && (
          <Form.Item label="客户" required>
            <CustomerPicker value={v.scopeRef} onChange={(c) => f.patch({ scopeRef: c?.cusCode ?? '' })} />
          </Form.Item>
        )}
        {!fixed && v.scope === 'provider' && (
          <Form.Item label="支付机构" required>
            <Selector
              options={PROVIDER_OPTIONS}
              value={v.scopeRef ? [v.scopeRef] : []}
              onChange={(x) => one(x, (p) => f.patch({ scopeRef: p, product: '*' }))}
            />
          </Form.Item>
        )}
        <Form.Item label="产品">
          <Selector columns={2} options={productOptions(v.scope, v.scopeRef)} value={[v.product]} onChange={(x) => one(x, (product) => f.patch({ product }))} />
        </Form.Item>
        <Form.Item label="交易类型" required>
          <Selector columns={3} options={TX_OPTIONS} value={[v.txType]} onChange={(x) => one(x, (txType) => f.patch({ txType }))} />
        </Form.Item>
        <Form.Item label="计费方式" required>
          <Selector options={METHOD_OPTIONS} value={[v.method]} onChange={(x) => one(x, (method) => f.patch({ method }))} />
        </Form.Item>
        <Prices f={f} />
        <RuleTailMobile effectiveFrom={v.effectiveFrom} remark={v.remark} preview={f.preview} patch={f.patch} />
      </Form>
    </Popup>
  );
}

function Prices({ f }: { f: FeeRuleForm }) {
  const v = f.values;
  const yuan = (label: string, value: string, set: (s: string) => void, placeholder = '元') => (
    <Input inputMode="decimal" maxLength={16} value={value} onChange={set} placeholder={placeholder} aria-label={label} />
  );
  if (v.method === 'fixed')
    return (
      <Form.Item label="每笔手续费（元）" required>
        {yuan('每笔手续费', v.fixedFee, (fixedFee) => f.patch({ fixedFee }), '如 2.00')}
      </Form.Item>
    );
  const minMax = (
    <>
      <Form.Item label="最低手续费（元，选填）">{yuan('最低手续费', v.minFee, (minFee) => f.patch({ minFee }))}</Form.Item>
      <Form.Item label="最高手续费（元，选填）">{yuan('最高手续费', v.maxFee, (maxFee) => f.patch({ maxFee }))}</Form.Item>
    </>
  );
  if (v.method === 'percent')
    return (
      <>
        <Form.Item label="费率（%）" required>
          {yuan('费率', v.rate, (rate) => f.patch({ rate }), '如 0.38')}
        </Form.Item>
        {minMax}
      </>
    );
  return (
    <>
      {v.tiers.map((t, i) => {
        const last = i === v.tiers.length - 1;
        return (
          <Form.Item
            key={i}
            label={`第${i + 1}档${last ? '（以上）' : ''}`}
            extra={
              v.tiers.length > 1 ? (
                <Button size="mini" fill="none" color="danger" onClick={() => f.removeTier(i)}>
                  删除
                </Button>
              ) : undefined
            }
          >
            {!last && yuan(`第${i + 1}档上限`, t.upTo, (upTo) => f.setTier(i, { upTo }), '上限（元）')}
            {yuan(`第${i + 1}档固定手续费`, t.fixedFee, (fixedFee) => f.setTier(i, { fixedFee }), '固定（元）')}
            {yuan(`第${i + 1}档费率`, t.rate, (rate) => f.setTier(i, { rate }), '费率（%）')}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Button block fill="outline" onClick={f.addTier} disabled={v.tiers.length >= 10}>
          添加一档
        </Button>
      </Form.Item>
      {minMax}
    </>
  );
}
