// Mobile-number-and-SMS sign-in shared by the phone and desktop views.
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SMS_TYPE } from '@contract/api/paths';
import { MSG } from '@contract/messages';
import { loginWithPhone, requestSmsCode } from '@/api/session';
import { afterLoginTargetOf } from './navigation';
import { loadRules, mobileProblem } from './rules';

export function usePhoneLoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState({ mobile: '', captcha: '' });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const set = useCallback((name: 'mobile' | 'captcha', value: string) => {
    void loadRules().catch(() => undefined);
    setValues((v) => ({ ...v, [name]: value }));
  }, []);
  const validateMobile = useCallback(() => mobileProblem(values.mobile), [values.mobile]);
  const sendCode = useCallback(() => requestSmsCode(values.mobile.trim(), SMS_TYPE.login), [values.mobile]);

  const submit = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      const { phoneLoginBody, firstIssue } = await loadRules();
      const parsed = phoneLoginBody.safeParse(values);
      if (!parsed.success) return setError(firstIssue(parsed.error));
      await loginWithPhone(parsed.data.mobile, parsed.data.captcha);
      navigate(afterLoginTargetOf(location.search), { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.serverError);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [values, navigate, location.search]);

  return { values, set, error, loading, submit, validateMobile, sendCode, search: location.search };
}
export type PhoneLoginForm = ReturnType<typeof usePhoneLoginForm>;
