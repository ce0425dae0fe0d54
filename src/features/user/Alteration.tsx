// /user/alteration (账号变更): the signed-in user changes the mobile bound to the account in three
// steps: prove the old number (SMS code to it), prove the new one (SMS code to it), done. The server
// checks both codes again on the last call and changes the mobile in one transaction; if it refuses,
// the user stays on the step with the server's words. Signed out, the page asks to sign in first.
import { useCallback, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ALTERATION_MSG } from '@contract/api/alteration';
import { HOME_PATH } from '@contract/constants';
import { session } from '@/stores/session';
import { alterationApi } from './api';
import { loginWithRedirect } from './navigation';
import { mobileProblem } from './rules';
import { useSubmit, useValues } from './useSubmit';
import { UserScreen } from './UserScreen';
import type { ScreenSpec } from './screen';

export const ACCOUNT_SETTINGS_PATH = '/account/settings';
const STEPS = ['验证原手机', '绑定新手机', '完成'];
const codeProblem = (code: string) => (/^\d{4,8}$/.test(code.trim()) ? null : '请输入短信验证码');

export default function Alteration() {
  const location = useLocation();
  const snap = useSnapshot(session);
  const [step, setStep] = useState(0);
  const old = useValues({ current: '', captcha: '' });
  // Own field names per step: the SMS button of step 2 must not inherit step 1's countdown.
  const fresh = useValues({ mobile: '', newCaptcha: '' });
  const { loading, error, setError, run } = useSubmit();
  const validateNew = useCallback(() => mobileProblem(fresh.values.mobile), [fresh.values.mobile]);
  const sendNew = useCallback(() => alterationApi.sendNew(fresh.values.mobile.trim()), [fresh.values.mobile]);

  if (!snap.token) return <Navigate to={loginWithRedirect(location.pathname + location.search)} replace />;
  const bound = snap.userInfo?.mobileDesensitized || snap.userInfo?.mobile;

  const spec: ScreenSpec = {
    title: '账号变更',
    backTo: HOME_PATH,
    steps: { items: STEPS, current: step },
    intro: step === 0 ? `更换绑定手机：先验证当前绑定的手机${bound ? ` ${bound}` : ''}，再验证新手机号码。` : undefined,
    links: step < 2 ? [{ text: '返回首页', to: HOME_PATH }] : undefined,
  };
  if (!bound) spec.result = { status: 'warning', title: ALTERATION_MSG.noMobile, actions: [{ text: '返回首页', to: HOME_PATH }] };
  else if (step === 0)
    spec.form = {
      ...old,
      onSubmit: () => {
        const problem = codeProblem(old.values.captcha);
        if (problem) return setError(problem);
        void run(async () => {
          await alterationApi.checkOld(old.values.captcha.trim());
          setStep(1);
        });
      },
      loading,
      error,
      submitText: '下一步',
      fields: [
        { name: 'current', label: '当前手机', placeholder: bound, kind: 'text', readOnly: true },
        { name: 'captcha', label: '短信验证码', placeholder: '请输入原手机收到的验证码', kind: 'sms', maxLength: 8, sms: { send: alterationApi.sendOld } },
      ],
    };
  else if (step === 1)
    spec.form = {
      ...fresh,
      onSubmit: () => {
        void run(async () => {
          const problem = (await mobileProblem(fresh.values.mobile)) ?? codeProblem(fresh.values.newCaptcha);
          if (problem) throw new Error(problem);
          const mobile = fresh.values.mobile.trim();
          await alterationApi.commit({ oldCaptcha: old.values.captcha.trim(), mobile, captcha: fresh.values.newCaptcha.trim() });
          if (session.userInfo) Object.assign(session.userInfo, { mobile, mobileDesensitized: undefined });
          setStep(2);
        });
      },
      loading,
      error,
      submitText: '确认变更',
      secondary: { text: '上一步', onClick: () => (setError(null), setStep(0)) },
      fields: [
        { name: 'mobile', label: '新手机号码', placeholder: '请输入新的手机号码', kind: 'tel', autoComplete: 'tel', maxLength: 11 },
        {
          name: 'newCaptcha',
          label: '短信验证码',
          placeholder: '请输入新手机收到的验证码',
          kind: 'sms',
          maxLength: 8,
          sms: { validate: validateNew, send: sendNew },
        },
      ],
    };
  else
    spec.result = {
      status: 'success',
      title: ALTERATION_MSG.changed,
      description: `账户已绑定新手机 ${fresh.values.mobile.trim()}，此后短信登录和验证码都发送到新号码。`,
      actions: [
        { text: '返回首页', to: HOME_PATH },
        { text: '个人设置', to: ACCOUNT_SETTINGS_PATH },
      ],
    };
  return <UserScreen spec={spec} />;
}
