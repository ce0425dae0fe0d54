// 修改登录密码 on the phone: a bottom sheet with the contract's rules and texts (spec §5), calling
// UserPasswordUpdating. The server signs out the user's other sessions; this one stays.
import { useRef, useState } from 'react';
import { Button, Input, Popup, Toast } from 'antd-mobile';
import { loginPasswordForm, firstIssue } from '@contract/validation';
import { MSG } from '@contract/messages';
import { updateLoginPassword } from '@/api/session';

const EMPTY = { pswOld: '', pswNew: '', confirm: '' };
const FIELDS: { name: keyof typeof EMPTY; label: string; placeholder: string; autoComplete: string }[] = [
  { name: 'pswOld', label: '原密码', placeholder: '请输入原登录密码', autoComplete: 'current-password' },
  { name: 'pswNew', label: '新密码', placeholder: '请输入新登录密码', autoComplete: 'new-password' },
  { name: 'confirm', label: '确认新密码', placeholder: '请再次输入新登录密码', autoComplete: 'new-password' },
];

export default function ChangePasswordPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const close = () => {
    setValues(EMPTY);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (busy.current) return;
    const parsed = loginPasswordForm.safeParse(values);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      await updateLoginPassword(parsed.data.pswOld, parsed.data.pswNew);
      Toast.show({ icon: 'success', content: MSG.modified });
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.serverError);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={close} onClose={close} position="bottom" bodyStyle={{ borderRadius: '16px 16px 0 0', maxHeight: '90vh', overflowY: 'auto' }}>
      <form
        noValidate
        aria-label="修改登录密码"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        style={{ padding: '16px 20px calc(env(safe-area-inset-bottom) + 16px)' }}
      >
        <h3 style={{ margin: '0 0 12px', fontSize: 17, textAlign: 'center' }}>修改登录密码</h3>
        {error && (
          <div role="alert" style={{ color: '#ff3141', background: '#fff1f0', borderRadius: 6, padding: '8px 12px', marginBottom: 12, fontSize: 14 }}>
            {error}
          </div>
        )}
        {FIELDS.map((f) => (
          <label key={f.name} style={{ display: 'block', marginBottom: 12 }}>
            <span style={{ fontSize: 13, color: '#666' }}>{f.label}</span>
            <div style={{ minHeight: 48, display: 'flex', alignItems: 'center', borderBottom: '1px solid #eee', ['--font-size' as string]: '16px' }}>
              <Input type="password" placeholder={f.placeholder} autoComplete={f.autoComplete} maxLength={20} value={values[f.name]} onChange={(v) => setValues((s) => ({ ...s, [f.name]: v }))} />
            </div>
          </label>
        ))}
        <p style={{ fontSize: 12, color: '#999', margin: '0 0 16px' }}>密码须为8-20位，包含英文字母、数字和特殊字符。修改后其他设备上的登录将失效。</p>
        <Button type="submit" color="primary" block size="large" shape="rounded" loading={loading}>
          确认修改
        </Button>
        <Button block size="large" shape="rounded" fill="none" onClick={close} style={{ marginTop: 8 }} disabled={loading}>
          取消
        </Button>
      </form>
    </Popup>
  );
}
