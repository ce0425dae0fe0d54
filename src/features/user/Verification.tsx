// /user/verification: the signed-in user proves the bound mobile with an SMS code (type login);
// the code signs the session in afresh, then the user goes on to the redirect query or home.
import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SMS_TYPE } from '@contract/api/paths';
import { HOME_PATH } from '@contract/constants';
import { V } from '@contract/validation';
import { loginWithPhone, requestSmsCode } from '@/api/session';
import { session } from '@/stores/session';
import { afterLoginTargetOf, loginWithRedirect } from './navigation';
import { useSubmit, useValues } from './useSubmit';
import { UserScreen } from './UserScreen';

export default function Verification() {
  const location = useLocation();
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const mobile = snap.userInfo?.mobile ?? '';
  const shown = snap.userInfo?.mobileDesensitized || mobile;
  const { values, onChange } = useValues({ mobile: shown, captcha: '' });
  const { loading, error, setError, run } = useSubmit();
  const send = useCallback(() => requestSmsCode(mobile, SMS_TYPE.login), [mobile]);
  const validate = useCallback(() => (mobile ? null : '当前账户未绑定手机号码，无法进行手机验证'), [mobile]);

  if (!snap.token) return <Navigate to={loginWithRedirect(location.pathname + location.search)} replace />;

  const onSubmit = () => {
    if (!mobile) return setError('当前账户未绑定手机号码，无法进行手机验证');
    if (!values.captcha.trim()) return setError(V.smsCaptchaRequired);
    void run(async () => {
      await loginWithPhone(mobile, values.captcha.trim());
      navigate(afterLoginTargetOf(location.search), { replace: true });
    });
  };

  return (
    <UserScreen
      spec={{
        title: '手机验证',
        backTo: HOME_PATH,
        intro: '为保障账户安全，请输入发送到你绑定手机的短信验证码。',
        form: {
          values,
          onChange: (name, value) => name === 'captcha' && onChange(name, value),
          onSubmit,
          loading,
          error,
          submitText: '验证',
          fields: [
            { name: 'mobile', label: '绑定手机', placeholder: '未绑定手机', kind: 'text', readOnly: true },
            { name: 'captcha', label: '短信验证码', placeholder: '请输入短信验证码', kind: 'sms', maxLength: 8, sms: { validate, send } },
          ],
        },
      }}
    />
  );
}
