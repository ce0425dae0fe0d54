// Phone onboarding form (商户入驻): antd-mobile Steps over the shared hook, one step per screen, the
// draft kept between visits, photos from the camera (the upload field's image tiles use
// accept="image/*" capture), then 提交审核.
import { useEffect } from 'react';
import { Button, Form, Input, NoticeBar, Selector, Steps, Toast, List, ErrorBlock, Skeleton } from 'antd-mobile';
import { CUS_INDUSTRY_PCODE, CUS_KIND_TEXT, MATERIAL_TEXT, REVIEW_STATUS_TEXT } from '@contract/api/cus';
import { AreaPicker } from '@/components/pickers/SimplePickers';
import { CategoryPicker } from '@/components/pickers/TreePickers';
import { MaterialUpload } from './MaterialUpload';
import { failureMessage, schemaRule } from '@/components/dialogs/formRules';
import type { EntryFormProps } from './EntryForm';
import { useEntryForm } from './useEntryForm';
import { ENTRY_STEPS, entrySchema, FIELD_LABEL, KIND_OPTIONS, MATERIAL_ORDER, MATERIAL_STEP, requiredMaterials, SUBMIT_STEP, type EntryValues } from './rules';

const rule = (field: string) => [schemaRule(entrySchema, field)];

export default function EntryFormMobile({ cusCode, onSubmitted }: EntryFormProps) {
  const f = useEntryForm(cusCode);
  const [form] = Form.useForm<EntryValues>();
  useEffect(() => {
    if (f.values) form.setFieldsValue(f.values);
  }, [f.values, form]);

  if (f.error) return <ErrorBlock status="default" title={f.error} description="" />;
  if (!f.values) return <Skeleton.Paragraph lineCount={6} animated />;

  const next = async () => {
    try {
      await form.validateFields([...(ENTRY_STEPS[f.step].fields as readonly string[])] as (keyof EntryValues)[]);
    } catch {
      return;
    }
    const all = form.getFieldsValue(true) as EntryValues;
    f.remember(all);
    if (f.step === MATERIAL_STEP - 1 && f.editable) {
      try {
        await f.save(all);
        Toast.show({ icon: 'success', content: '客户资料已保存' });
      } catch (err) {
        Toast.show({ content: failureMessage(err, '保存失败') });
        return;
      }
    }
    if (f.step === MATERIAL_STEP && f.missing.length) {
      Toast.show({ content: `请先上传：${f.missing.map((t) => MATERIAL_TEXT[t]).join('、')}` });
      return;
    }
    f.setStep(f.step + 1);
  };
  const submit = async () => {
    try {
      const m = await f.submit();
      Toast.show({ icon: 'success', content: '提交成功，等待审核' });
      onSubmitted?.(m);
    } catch (err) {
      Toast.show({ content: failureMessage(err, '提交失败') });
    }
  };
  const readOnly = !f.editable;
  const item = (name: keyof typeof FIELD_LABEL, node: React.ReactNode) => (
    <Form.Item key={name} name={name} label={FIELD_LABEL[name]} rules={rule(name)}>
      {node}
    </Form.Item>
  );

  return (
    <div style={{ background: '#f5f5f5', minHeight: '100%', paddingBottom: 24 }} data-testid="cus-entry-form">
      <Steps current={f.step} style={{ '--title-font-size': '12px', background: '#fff', padding: '8px 0' } as React.CSSProperties}>
        {ENTRY_STEPS.map((s) => (
          <Steps.Step key={s.title} title={s.title} />
        ))}
      </Steps>
      {f.restored && <NoticeBar content="已恢复上次未提交的草稿" color="info" />}
      {f.master?.reviewStatus === 'returned' && <NoticeBar content={`审核退回：${f.master.reviewReason ?? ''}`} color="alert" wrap />}
      {readOnly && f.master && <NoticeBar content={`客户资料${REVIEW_STATUS_TEXT[f.master.reviewStatus]}，不能修改`} color="info" />}
      <Form form={form} layout="vertical" disabled={readOnly} onValuesChange={(_c, all) => f.remember(all)} mode="card">
        {f.step === 0 && (
          <>
            <Form.Item
              name="cusKind"
              label={FIELD_LABEL.cusKind}
              rules={rule('cusKind')}
              getValueProps={(v?: string) => ({ value: v ? [v] : [] })}
              normalize={(v: string[]) => v[0]}
            >
              <Selector options={KIND_OPTIONS} columns={3} />
            </Form.Item>
            {item('cusName', <Input placeholder="请输入客户名称" maxLength={100} clearable />)}
            {item('creditCode', <Input placeholder="18位统一社会信用代码" maxLength={18} clearable />)}
            {item('industryId', <CategoryPicker pcode={CUS_INDUSTRY_PCODE} label={FIELD_LABEL.industryId} placeholder="请选择所属行业" />)}
          </>
        )}
        {f.step === 1 && (
          <>
            {item('legalName', <Input placeholder="请输入法定代表人姓名" clearable />)}
            {item('legalIdNo', <Input placeholder="18位或15位身份证号码" maxLength={18} clearable />)}
            {item('legalMobile', <Input type="tel" placeholder="用于签约短信" maxLength={11} clearable />)}
            {item('contactName', <Input placeholder="请输入联系人姓名" clearable />)}
            {item('mobile', <Input type="tel" placeholder="请输入联系人手机号码" maxLength={11} clearable />)}
          </>
        )}
        {f.step === 2 && (
          <>
            {item('area', <AreaPicker label={FIELD_LABEL.area} />)}
            {item('address', <Input placeholder="请输入详细地址" clearable />)}
            {item('settleCardNo', <Input type="tel" placeholder="请输入结算银行卡号" maxLength={19} clearable />)}
            {item('settleBankName', <Input placeholder="如：中国工商银行" clearable />)}
            {item('settleBranchName', <Input placeholder="如：深圳南山支行" clearable />)}
          </>
        )}
      </Form>
      {f.step === MATERIAL_STEP && f.master && (
        <List header="上传材料（可拍照）" mode="card" data-testid="cus-materials">
          {MATERIAL_ORDER.map((t) => {
            const returned = f.materials.filter((m) => m.materialType === t && m.status === 'returned');
            return (
              <List.Item
                key={t}
                title={`${MATERIAL_TEXT[t]}${requiredMaterials(f.master!.cusKind).includes(t) ? '（必传）' : ''}`}
                description={returned.map((m) => `退回原因：${m.returnReason ?? ''}`).join('；') || undefined}
              >
                <MaterialUpload f={f} type={t} notify={(m) => Toast.show({ content: m })} />
              </List.Item>
            );
          })}
        </List>
      )}
      {f.step === SUBMIT_STEP && f.master && (
        <List header="请确认客户资料" mode="card">
          <List.Item extra={f.master.cusCode}>客户编号</List.Item>
          <List.Item extra={f.master.cusName}>客户名称</List.Item>
          <List.Item extra={CUS_KIND_TEXT[f.master.cusKind]}>客户类型</List.Item>
          <List.Item extra={f.master.reviewStatusText}>审核状态</List.Item>
          <List.Item extra={`${f.materials.length}个文件`}>材料</List.Item>
        </List>
      )}
      <div style={{ display: 'flex', gap: 12, padding: '0 12px' }}>
        {f.step > 0 && (
          <Button block onClick={() => f.setStep(f.step - 1)}>
            上一步
          </Button>
        )}
        {f.step < SUBMIT_STEP && (
          <Button block color="primary" loading={f.busy} onClick={() => void next()}>
            {f.step === MATERIAL_STEP - 1 && f.editable ? '保存并下一步' : '下一步'}
          </Button>
        )}
        {f.step === SUBMIT_STEP && f.editable && (
          <Button block color="primary" loading={f.busy} onClick={() => void submit()}>
            提交审核
          </Button>
        )}
      </div>
    </div>
  );
}
