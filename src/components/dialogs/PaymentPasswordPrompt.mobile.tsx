import { useEffect, useRef, useState } from 'react';
import { Button, Input, NumberKeyboard, PasscodeInput, Popup, Toast, type PasscodeInputRef } from 'antd-mobile';
import { PAY_MSG, PAY_PWD_RULE } from '@contract/api/pay';
import { encodeForWire } from '@/api/keys';
import type { PaymentPasswordPromptProps } from './PaymentPasswordPrompt';
import { failureMessage } from './formRules';

/** The 6-digit keypad only fits when the configured payment-password rule accepts six digits; with
 *  the spec's default rule (8-20 mixed characters) the prompt has the full keyboard only: a keypad
 *  that can never succeed is not offered. */
const KEYPAD_FITS = PAY_PWD_RULE.pattern.test('123456');
const LABEL = '支付密码';

export default function PaymentPasswordPromptMobile({ open, onClose, onConfirm, title, description, fullKeyboard }: PaymentPasswordPromptProps) {
  const [value, setValue] = useState('');
  const [full, setFull] = useState(!!fullKeyboard || !KEYPAD_FITS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passcode = useRef<PasscodeInputRef>(null);

  useEffect(() => {
    if (!open) {
      setValue('');
      setError(null);
      return;
    }
    // Open with the keypad up, after the sheet's animation has placed the input.
    const t = setTimeout(() => passcode.current?.focus(), 350);
    return () => clearTimeout(t);
  }, [open, full]);

  const submit = async (plain: string) => {
    if (!plain) {
      setError(PAY_MSG.payPwdRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(encodeForWire(plain));
      setValue('');
      onClose();
    } catch (err) {
      const text = failureMessage(err);
      setError(text);
      setValue('');
      Toast.show({ icon: 'fail', content: text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={open}
      onMaskClick={busy ? undefined : onClose}
      position="bottom"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, paddingBottom: full ? 16 : 0 }}
      destroyOnClose
    >
      <div style={{ display: 'flex', alignItems: 'center', padding: '14px 12px 4px' }}>
        <a role="button" onClick={busy ? undefined : onClose} style={{ width: 48, color: '#666' }}>
          取消
        </a>
        <div style={{ flex: 1, textAlign: 'center', fontSize: 17, fontWeight: 600 }}>{title ?? PAY_MSG.payPwdRequired}</div>
        <span style={{ width: 48 }} />
      </div>
      {description && <div style={{ padding: '4px 16px 8px', textAlign: 'center', color: '#666', fontSize: 14 }}>{description}</div>}
      <div style={{ padding: '12px 16px 8px', display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 10 }}>
        {full && (
          <label htmlFor="pay-pwd-input" style={{ flex: 'none', fontSize: 15, color: '#333' }}>
            {LABEL}
          </label>
        )}
        {full ? (
          <Input
            id="pay-pwd-input"
            type="password"
            placeholder={PAY_MSG.payPwdRequired}
            value={value}
            onChange={setValue}
            maxLength={20}
            autoFocus
            onEnterPress={() => void submit(value)}
            style={{ border: '1px solid #ddd', borderRadius: 6, padding: '8px 10px', '--font-size': '16px' }}
          />
        ) : (
          <PasscodeInput
            ref={passcode}
            seperated
            length={6}
            plain={false}
            value={value}
            onChange={setValue}
            error={!!error}
            onFill={(v) => void submit(v)}
            keyboard={<NumberKeyboard confirmText={null} />}
            aria-label={LABEL}
          />
        )}
      </div>
      <div style={{ minHeight: 22, padding: '0 16px', textAlign: 'center', color: 'var(--adm-color-danger)', fontSize: 13 }}>{busy ? '正在验证…' : error}</div>
      {KEYPAD_FITS && (
        <div style={{ display: 'flex', justifyContent: 'center', padding: '4px 0 12px' }}>
          <Button
            size="small"
            fill="none"
            color="primary"
            onClick={() => {
              setFull((f) => !f);
              setValue('');
              setError(null);
            }}
          >
            {full ? '使用数字键盘' : '使用完整键盘输入'}
          </Button>
        </div>
      )}
      {full && (
        <div style={{ padding: '0 16px' }}>
          <Button block color="primary" size="large" loading={busy} onClick={() => void submit(value)}>
            确定
          </Button>
        </div>
      )}
    </Popup>
  );
}
