// Desktop onboarding form: antd Steps over the shared hook; each step's fields are checked with the
// contract's §5 rules before moving on, the master data is saved before the materials step, each
// material is an upload field (progress, image states, move earlier/later), then 提交审核.
import { App, Alert, Button, Card, Descriptions, Form, Input, Result, Select, Space, Steps, Tag } from 'antd';
import { useEffect } from 'react';
import { CUS_INDUSTRY_PCODE, CUS_KIND_TEXT, MATERIAL_TEXT, REVIEW_STATUS_TEXT } from '@contract/api/cus';
import { AreaPicker } from '@/components/pickers/SimplePickers';
import { CategoryPicker } from '@/components/pickers/TreePickers';
import { MaterialUpload } from './MaterialUpload';
import { failureMessage, schemaRule } from '@/components/dialogs/formRules';
import type { EntryFormProps } from './EntryForm';
import { useEntryForm } from './useEntryForm';
import {
  ENTRY_STEPS,
  entrySchema,
  FIELD_LABEL,
  KIND_OPTIONS,
  MATERIAL_ORDER,
  MATERIAL_STEP,
  requiredMaterials,
  ROLE_OPTIONS,
  SUBMIT_STEP,
  type EntryValues,
} from './rules';

const rule = (field: string) => [schemaRule(entrySchema, field)];

export default function EntryFormDesktop({ cusCode, onSubmitted }: EntryFormProps) {
  const f = useEntryForm(cusCode);
  const [form] = Form.useForm<EntryValues>();
  const { message } = App.useApp();
  const kind = Form.useWatch('cusKind', form) ?? f.master?.cusKind;

  useEffect(() => {
    if (f.values) form.setFieldsValue(f.values);
  }, [f.values, form]);

  if (f.error) return <Result status="warning" title={f.error} />;
  if (!f.values) return <Card loading />;

  const next = async () => {
    const fields = ENTRY_STEPS[f.step].fields as readonly string[];
    try {
      await form.validateFields(fields as string[]);
    } catch {
      return;
    }
    const all = form.getFieldsValue(true) as EntryValues;
    f.remember(all);
    if (f.step === MATERIAL_STEP - 1) {
      if (f.editable) {
        try {
          await f.save(all);
          message.success('客户资料已保存');
        } catch (err) {
          message.error(failureMessage(err, '保存失败'));
          return;
        }
      }
    }
    if (f.step === MATERIAL_STEP && f.missing.length) {
      message.warning(`请先上传：${f.missing.map((t) => MATERIAL_TEXT[t]).join('、')}`);
      return;
    }
    f.setStep(f.step + 1);
  };
  const submit = async () => {
    try {
      const m = await f.submit();
      message.success('提交成功，等待审核');
      onSubmitted?.(m);
    } catch (err) {
      message.error(failureMessage(err, '提交失败'));
    }
  };

  const readOnly = !f.editable;
  const item = (name: keyof typeof FIELD_LABEL, node: React.ReactNode, required = true) => (
    <Form.Item key={name} name={name} label={FIELD_LABEL[name]} rules={rule(name)} required={required}>
      {node}
    </Form.Item>
  );
  return (
    <Card title={f.master ? `客户进件：${f.master.cusName}（${f.master.cusCode}）` : '客户进件：新客户'} data-testid="cus-entry-form">
      <Steps current={f.step} items={ENTRY_STEPS.map((s) => ({ title: s.title }))} style={{ marginBottom: 24 }} onChange={(n) => n < f.step && f.setStep(n)} />
      {f.restored && <Alert type="info" showIcon message="已恢复上次未提交的草稿" style={{ marginBottom: 16 }} />}
      {f.master && f.master.reviewStatus === 'returned' && (
        <Alert type="warning" showIcon message={`审核退回：${f.master.reviewReason ?? ''}`} style={{ marginBottom: 16 }} />
      )}
      {readOnly && <Alert type="info" showIcon message={`客户资料${REVIEW_STATUS_TEXT[f.master!.reviewStatus]}，不能修改`} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '160px' }}
        wrapperCol={{ flex: '520px' }}
        disabled={readOnly}
        onValuesChange={(_c, all) => f.remember(all)}
      >
        {f.step === 0 && (
          <>
            {item('cusKind', <Select aria-label={FIELD_LABEL.cusKind} options={KIND_OPTIONS} placeholder="请选择客户类型" />)}
            {item('cusType', <Select aria-label={FIELD_LABEL.cusType} options={ROLE_OPTIONS} placeholder="请选择客户角色" />, false)}
            {item('cusName', <Input placeholder="请输入客户名称" maxLength={100} />)}
            {item('creditCode', <Input placeholder="18位统一社会信用代码" maxLength={18} />, kind !== 'person')}
            {item('industryId', <CategoryPicker pcode={CUS_INDUSTRY_PCODE} label={FIELD_LABEL.industryId} placeholder="请选择所属行业" />, false)}
          </>
        )}
        {f.step === 1 && (
          <>
            {item('legalName', <Input placeholder="请输入法定代表人姓名" />)}
            {item('legalIdNo', <Input placeholder="18位或15位身份证号码" maxLength={18} />)}
            {item('legalMobile', <Input placeholder="用于签约短信" maxLength={11} />)}
            {item('contactName', <Input placeholder="请输入联系人姓名" />)}
            {item('mobile', <Input placeholder="请输入联系人手机号码" maxLength={11} />)}
          </>
        )}
        {f.step === 2 && (
          <>
            {item('area', <AreaPicker label={FIELD_LABEL.area} />)}
            {item('address', <Input placeholder="请输入详细地址" />)}
            {item('settleCardNo', <Input placeholder="请输入结算银行卡号" maxLength={19} />)}
            {item('settleBankName', <Input placeholder="如：中国工商银行" />)}
            {item('settleBranchName', <Input placeholder="如：深圳南山支行" />)}
          </>
        )}
      </Form>
      {f.step === MATERIAL_STEP && f.master && (
        <div data-testid="cus-materials">
          {MATERIAL_ORDER.map((t) => {
            const required = requiredMaterials(f.master!.cusKind).includes(t);
            const returned = f.materials.filter((m) => m.materialType === t && m.status === 'returned');
            return (
              <Form.Item key={t} label={MATERIAL_TEXT[t]} required={required} labelCol={{ flex: '160px' }} style={{ marginBottom: 16 }}>
                <MaterialUpload f={f} type={t} notify={(m) => message.warning(m)} />
                {returned.map((m) => (
                  <div key={m.id} style={{ color: '#cf1322' }}>
                    退回原因：{m.returnReason}
                  </div>
                ))}
              </Form.Item>
            );
          })}
        </div>
      )}
      {f.step === SUBMIT_STEP && f.master && (
        <Descriptions bordered column={2} size="small" title="请确认客户资料" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="客户编号">{f.master.cusCode}</Descriptions.Item>
          <Descriptions.Item label="客户名称">{f.master.cusName}</Descriptions.Item>
          <Descriptions.Item label="客户类型">{CUS_KIND_TEXT[f.master.cusKind]}</Descriptions.Item>
          <Descriptions.Item label="审核状态">
            <Tag>{f.master.reviewStatusText}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{f.master.creditCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="法定代表人">{f.master.legalName}</Descriptions.Item>
          <Descriptions.Item label="结算卡">{`${f.master.settleBankName ?? ''} ${f.master.settleCardNo ?? ''}`}</Descriptions.Item>
          <Descriptions.Item label="材料">{`${f.materials.length}个文件`}</Descriptions.Item>
        </Descriptions>
      )}
      <Space style={{ marginLeft: 160 }}>
        {f.step > 0 && <Button onClick={() => f.setStep(f.step - 1)}>上一步</Button>}
        {f.step < SUBMIT_STEP && (
          <Button type="primary" loading={f.busy} onClick={() => void next()}>
            {f.step === MATERIAL_STEP - 1 && f.editable ? '保存并下一步' : '下一步'}
          </Button>
        )}
        {f.step === SUBMIT_STEP && f.editable && (
          <Button type="primary" loading={f.busy} onClick={() => void submit()}>
            提交审核
          </Button>
        )}
      </Space>
    </Card>
  );
}
