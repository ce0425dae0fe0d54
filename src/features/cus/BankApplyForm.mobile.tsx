// 申请银行账户 (phone): the same fields and rules as the desktop dialog, in a full-screen popup.
import { useState } from 'react';
import { Button, Form, NavBar, Popup, Selector, TextArea, Toast } from 'antd-mobile';
import type { ListEditorProps } from '@/components/list/types';
import type { BankApplyRow } from './BankAcctApply';
import { applyBankAccount, BANK_ACCT_OPTIONS, bankApplyProblem, useLinkedInnet, useOpenedInnets, type BankApplyValues } from './useBankApply';

export default function BankApplyFormMobile({ open, onClose, onSaved }: ListEditorProps<BankApplyRow>) {
  const [values, setValues] = useState<BankApplyValues>({ acctType: 'virtual' });
  const options = useOpenedInnets(open);
  useLinkedInnet(options, (innetId) => setValues((s) => (s.innetId ? s : { ...s, innetId })));
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const cusCode = options.find((o) => o.value === values.innetId)?.cusCode;
    const problem = bankApplyProblem(values, cusCode);
    if (problem) return void Toast.show({ content: problem });
    setSaving(true);
    try {
      await applyBankAccount(values, cusCode!);
      Toast.show({ content: '申请已提交' });
      onSaved();
    } catch (err) {
      Toast.show({ content: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }} destroyOnClose>
      <NavBar onBack={onClose}>申请银行账户</NavBar>
      <Form
        layout="vertical"
        footer={
          <Button block color="primary" size="large" loading={saving} onClick={() => void submit()}>
            提交申请
          </Button>
        }
      >
        <Form.Item label="客户（已开通的支付机构）" required>
          {options.length ? (
            <Selector
              columns={1}
              options={options.map((o) => ({ value: o.value, label: o.label }))}
              value={values.innetId ? [values.innetId] : []}
              onChange={(v) => setValues((s) => ({ ...s, innetId: v[0] }))}
            />
          ) : (
            <span style={{ color: '#999' }}>暂无已开通的客户</span>
          )}
        </Form.Item>
        <Form.Item label="账户类型" required>
          <Selector
            options={BANK_ACCT_OPTIONS}
            value={values.acctType ? [values.acctType] : []}
            onChange={(v) => v.length && setValues((s) => ({ ...s, acctType: v[0] as BankApplyValues['acctType'] }))}
          />
        </Form.Item>
        <Form.Item label="备注">
          <TextArea
            rows={2}
            maxLength={200}
            placeholder="用途说明（选填）"
            value={values.remark ?? ''}
            onChange={(remark) => setValues((s) => ({ ...s, remark }))}
          />
        </Form.Item>
      </Form>
    </Popup>
  );
}
