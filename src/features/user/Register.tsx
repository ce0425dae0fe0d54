// /user/register: a new account with username, name, password (twice), mobile and SMS code.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { SMS_TYPE } from '@contract/api/paths';
import { firstIssue } from '@contract/validation';
import { requestSmsCode } from '@/api/session';
import { registerAccount } from './api';
import { registerAccountPart, registerContactPart } from './forms';
import { mobileProblem } from './rules';
import { useSubmit, useValues } from './useSubmit';
import { UserScreen } from './UserScreen';

export default function Register() {
  const navigate = useNavigate();
  const { values, onChange } = useValues({ username: '', realname: '', password: '', confirm: '', mobile: '', captcha: '' });
  const { loading, error, setError, run } = useSubmit();
  const validate = useCallback(() => mobileProblem(values.mobile), [values.mobile]);
  const send = useCallback(() => requestSmsCode(values.mobile.trim(), SMS_TYPE.register), [values.mobile]);

  const onSubmit = () => {
    const account = registerAccountPart.safeParse(values);
    if (!account.success) return setError(firstIssue(account.error));
    const contact = registerContactPart.safeParse(values);
    if (!contact.success) return setError(firstIssue(contact.error));
    const { confirm: _confirm, ...rest } = account.data;
    const input = { ...rest, ...contact.data };
    void run(async () => {
      await registerAccount(input);
      navigate(`/user/register-result?username=${encodeURIComponent(input.username)}`, { replace: true });
    });
  };

  return (
    <UserScreen
      spec={{
        title: '注册账户',
        form: {
          values,
          onChange,
          onSubmit,
          loading,
          error,
          submitText: '注册',
          fields: [
            { name: 'username', label: '用户名', placeholder: '请输入用户名', kind: 'text', autoComplete: 'username', maxLength: 18 },
            { name: 'realname', label: '姓名', placeholder: '请输入姓名', kind: 'text', autoComplete: 'name', maxLength: 50 },
            { name: 'password', label: '密码', placeholder: '8-20位字母、数字、特殊字符组合', kind: 'password', autoComplete: 'new-password', maxLength: 20 },
            { name: 'confirm', label: '确认密码', placeholder: '请再次输入密码', kind: 'password', autoComplete: 'new-password', maxLength: 20 },
            { name: 'mobile', label: '手机号码', placeholder: '请输入手机号码', kind: 'tel', autoComplete: 'tel', maxLength: 11 },
            { name: 'captcha', label: '短信验证码', placeholder: '请输入短信验证码', kind: 'sms', maxLength: 8, sms: { validate, send } },
          ],
        },
        links: [{ text: '使用已有账户登录', to: '/user/login-admin' }],
      }}
    />
  );
}
