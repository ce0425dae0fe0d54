// /user/loginPwdReset: forgotten password by SMS in three steps: prove the mobile, set a new
// password, done. The server checks the code when the new password is posted; if it refuses the
// code the user goes back to the first step with the server's words.
import { useCallback, useState } from 'react';
import { SMS_TYPE } from '@contract/api/paths';
import { WIRE_MSG } from '@contract/api/wire';
import { firstIssue } from '@contract/validation';
import { requestSmsCode } from '@/api/session';
import { resetPassword } from './api';
import { resetPasswordForm, resetVerifyForm } from './forms';
import { mobileProblem } from './rules';
import { useSubmit, useValues } from './useSubmit';
import { UserScreen } from './UserScreen';
import type { ScreenSpec } from './screen';

const STEPS = ['验证手机', '设置新密码', '完成'];

export default function LoginPwdReset() {
  const [step, setStep] = useState(0);
  const verify = useValues({ mobile: '', captcha: '' });
  const pwd = useValues({ password: '', confirm: '' });
  const { loading, error, setError, run } = useSubmit();
  const validate = useCallback(() => mobileProblem(verify.values.mobile), [verify.values.mobile]);
  const send = useCallback(() => requestSmsCode(verify.values.mobile.trim(), SMS_TYPE.resetPassword), [verify.values.mobile]);

  const next = () => {
    const parsed = resetVerifyForm.safeParse(verify.values);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setStep(1);
  };
  const finish = () => {
    const parsed = resetPasswordForm.safeParse(pwd.values);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    void run(async () => {
      await resetPassword(verify.values.mobile.trim(), verify.values.captcha.trim(), parsed.data.password);
      setStep(2);
    });
  };

  const spec: ScreenSpec = {
    title: '找回密码',
    steps: { items: STEPS, current: step },
    links: step < 2 ? [{ text: '返回登录', to: '/user/login-admin' }] : undefined,
  };
  if (step === 0)
    spec.form = {
      ...verify,
      onSubmit: next,
      loading: false,
      error,
      submitText: '下一步',
      fields: [
        { name: 'mobile', label: '手机号码', placeholder: '请输入注册时绑定的手机号码', kind: 'tel', autoComplete: 'tel', maxLength: 11 },
        { name: 'captcha', label: '短信验证码', placeholder: '请输入短信验证码', kind: 'sms', maxLength: 8, sms: { validate, send } },
      ],
    };
  else if (step === 1)
    spec.form = {
      ...pwd,
      onSubmit: finish,
      loading,
      error,
      submitText: '重置密码',
      secondary: { text: '上一步', onClick: () => (setError(null), setStep(0)) },
      fields: [
        { name: 'password', label: '新密码', placeholder: '8-20位字母、数字、特殊字符组合', kind: 'password', autoComplete: 'new-password', maxLength: 20 },
        { name: 'confirm', label: '确认新密码', placeholder: '请再次输入密码', kind: 'password', autoComplete: 'new-password', maxLength: 20 },
      ],
    };
  else
    spec.result = {
      status: 'success',
      title: WIRE_MSG.passwordResetDone,
      description: '新密码已生效，该账户在其他设备上的登录已失效。',
      actions: [{ text: '去登录', to: '/user/login-admin' }],
    };
  return <UserScreen spec={spec} />;
}
