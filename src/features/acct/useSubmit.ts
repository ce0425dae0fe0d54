// One submit of an acct form: the idempotency key chosen when the form opened, the busy flag, the
// server's answer to show, and its message when it refused. The key is kept when the answer was
// lost (time-out, 5xx: the server may have applied it, a retry must not apply it twice) and renewed
// after a refusal (4xx: nothing was written, and the corrected form is another request).
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/api/errors';
import { failureMessage } from '@/components/dialogs/formRules';
import { newKey } from './acctApi';

export function useSubmit<I, R>(call: (input: I, idempotencyKey: string) => Promise<R>, onDone?: (result: R) => void) {
  const key = useRef(newKey());
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = useCallback(
    async (input: I): Promise<R | null> => {
      setSaving(true);
      setFailure(null);
      try {
        const r = await call(input, key.current);
        setResult(r);
        onDone?.(r);
        return r;
      } catch (err) {
        setFailure(failureMessage(err));
        if (err instanceof ApiError && err.status >= 200 && err.status < 500) key.current = newKey();
        return null;
      } finally {
        setSaving(false);
      }
    },
    [call, onDone],
  );

  /** Another one: a new key, the answer cleared. */
  const again = useCallback(() => {
    key.current = newKey();
    setResult(null);
    setFailure(null);
  }, []);

  return { submit, saving, result, failure, again, fail: setFailure, clearFailure: () => setFailure(null) };
}
