// Phone 绑定银行卡: the same form in a bottom Popup, and the bar above the card list that opens it.
import { Button, Form, Input, Popup, Toast } from 'antd-mobile';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { BIND_FIELDS, bindRule, useBankCardBind, type BindProps, type BindValues } from './bankCardForm';

const notify = { success: (m: string) => Toast.show({ icon: 'success', content: m }), warning: (m: string) => Toast.show({ content: m }) };

export default function BankCardBindMobile({ cusCode, fixedCusCode, onClose, onSaved }: BindProps) {
  const [form] = Form.useForm<BindValues>();
  const bind = useBankCardBind(notify, onSaved);
  return (
    <Popup
      visible
      onMaskClick={bind.busy ? undefined : onClose}
      position="bottom"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' }}
      destroyOnClose
    >
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>绑定银行卡</div>
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ cusCode }}
        onFinish={(v) => void bind.submit(v)}
        footer={
          <div style={{ display: 'flex', gap: 12 }}>
            <Button block onClick={onClose}>
              取消
            </Button>
            <Button block type="submit" color="primary" loading={bind.busy}>
              绑定
            </Button>
          </div>
        }
      >
        {BIND_FIELDS.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} rules={[bindRule(f.name)]} required={f.required}>
            <Input
              placeholder={f.placeholder}
              maxLength={f.maxLength}
              inputMode={f.numeric ? 'numeric' : undefined}
              disabled={f.name === 'cusCode' && fixedCusCode}
              clearable={f.numeric}
            />
          </Form.Item>
        ))}
      </Form>
    </Popup>
  );
}

export function BindBar({ onBind }: { onBind: () => void }) {
  return (
    <div style={{ padding: '8px 12px 0', background: '#fff' }}>
      <Button block color="primary" fill="outline" onClick={onBind}>
        <AddOutline /> 绑定银行卡
      </Button>
    </div>
  );
}
