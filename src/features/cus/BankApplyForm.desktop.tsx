// 申请银行账户 (desktop): choose an opened customer (and its provider), the account type and a remark.
import { useState } from 'react';
import { Form, Input, Modal, Select, message } from 'antd';
import type { ListEditorProps } from '@/components/list/types';
import type { BankApplyRow } from './BankAcctApply';
import { applyBankAccount, BANK_ACCT_OPTIONS, bankApplyProblem, useLinkedInnet, useOpenedInnets, type BankApplyValues } from './useBankApply';

export default function BankApplyFormDesktop({ open, onClose, onSaved }: ListEditorProps<BankApplyRow>) {
  const [form] = Form.useForm<BankApplyValues>();
  const options = useOpenedInnets(open);
  useLinkedInnet(options, (innetId) => form.getFieldValue('innetId') || form.setFieldValue('innetId', innetId));
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const cusCode = options.find((o) => o.value === v.innetId)?.cusCode;
    const problem = bankApplyProblem(v, cusCode);
    if (problem) return void message.error(problem);
    setSaving(true);
    try {
      await applyBankAccount(v, cusCode!);
      message.success('申请已提交');
      onSaved();
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title="申请银行账户" onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText="提交申请" destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ acctType: 'virtual' }}>
        <Form.Item name="innetId" label="客户（已开通的支付机构）" rules={[{ required: true, message: '请选择已开通的客户' }]}>
          <Select showSearch optionFilterProp="label" options={options} placeholder="请选择已开通的客户" />
        </Form.Item>
        <Form.Item name="acctType" label="账户类型" rules={[{ required: true, message: '请选择账户类型' }]}>
          <Select options={BANK_ACCT_OPTIONS} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '最多200个字符' }]}>
          <Input.TextArea rows={2} maxLength={200} placeholder="用途说明（选填）" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
