// The account-and-password sign-in shared by the phone and desktop views (and the OAuth2 login).
// A first correct sign-in needs only the two fields; once the server answers needCaptcha the form
// adds the slider (spec §4) and the image captcha, and the button waits for the slider.
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '@contract/messages';
import { WIRE_MSG } from '@contract/api/wire';
import { ApiError } from '@/api/errors';
import { fetchCaptchaImage, loginWithPassword } from '@/api/session';
import { afterLoginTargetOf, randomCheckKey } from './navigation';
import { loadRules } from './rules';

export interface LoginValues {
  username: string;
  password: string;
  captcha: string;
}

export function useLoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', captcha: '' });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [sliderVerified, setSliderVerified] = useState(false);
  const [checkKey, setCheckKey] = useState('');
  const [captchaImage, setCaptchaImage] = useState<string | null>(null);

  const set = useCallback((name: keyof LoginValues, value: string) => {
    void loadRules().catch(() => undefined);
    setValues((v) => ({ ...v, [name]: value }));
  }, []);

  const refreshCaptcha = useCallback(async () => {
    const key = randomCheckKey();
    setCheckKey(key);
    setCaptchaImage(null);
    setValues((v) => ({ ...v, captcha: '' }));
    try {
      setCaptchaImage(await fetchCaptchaImage(key));
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.serverError);
    }
  }, []);

  const submit = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      const { loginBody, firstIssue } = await loadRules();
      const parsed = loginBody.pick({ username: true, password: true }).safeParse(values);
      if (!parsed.success) return setError(firstIssue(parsed.error));
      if (needCaptcha && !sliderVerified) return setError(MSG.loginCaptchaRequired);
      if (needCaptcha && !values.captcha.trim()) return setError(WIRE_MSG.captchaNeeded);
      await loginWithPassword({
        username: parsed.data.username,
        password: values.password,
        ...(needCaptcha ? { captcha: values.captcha.trim(), checkKey } : {}),
      });
      navigate(afterLoginTargetOf(location.search), { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.serverError);
      const demanded = err instanceof ApiError && (err.body as { result?: { needCaptcha?: boolean } } | null)?.result?.needCaptcha === true;
      if (demanded || needCaptcha) {
        // A captcha is good for one attempt: draw a new one and ask for the slider again.
        setNeedCaptcha(true);
        setSliderVerified(false);
        void refreshCaptcha();
      }
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [values, needCaptcha, sliderVerified, checkKey, navigate, location.search, refreshCaptcha]);

  return {
    values,
    set,
    error,
    loading,
    needCaptcha,
    sliderVerified,
    setSliderVerified,
    captchaImage,
    refreshCaptcha,
    submit,
    /** The button waits for the slider once the server asks for verification. */
    canSubmit: !loading && (!needCaptcha || sliderVerified),
    search: location.search,
  };
}
export type LoginForm = ReturnType<typeof useLoginForm>;
