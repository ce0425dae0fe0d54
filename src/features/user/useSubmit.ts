// One guarded async submit for the account pages: loading flag, no double submit, the error shown
// inline as the server or the thrown error words it.
import { useCallback, useRef, useState } from 'react';
import { MSG } from '@contract/messages';

export function useSubmit() {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.serverError);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, []);
  return { loading, error, setError, run };
}

/** Form values as a record with a setter, for ScreenSpec forms. */
export function useValues<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const onChange = useCallback((name: string, value: string) => setValues((v) => ({ ...v, [name]: value })), []);
  return { values, onChange, setValues };
}
