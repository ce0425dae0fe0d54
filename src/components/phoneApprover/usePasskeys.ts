// The approver's passkeys in 我的 (issue 20 §1): list, add one of this phone after the payment
// password (the prompt hands the wire-encoded password), remove one. No UI kit here.
import { useCallback, useEffect, useState } from 'react';
import type { PasskeyView } from '@contract/api/passkeyWire';
import { listPasskeys, registerPasskey, removePasskey } from '@/api/passkeys';
import { ApiError, serverMessage } from '@/api/errors';

const CANCELLED = '已取消，未添加通行密钥';
export const passkeyError = (err: unknown): string =>
  err instanceof ApiError
    ? (serverMessage(err.body) ?? err.message)
    : err instanceof Error && /NotAllowed|AbortError|cancel/i.test(`${err.name} ${err.message}`)
      ? CANCELLED
      : err instanceof Error
        ? err.message
        : String(err);

export function usePasskeys(open: boolean) {
  const [items, setItems] = useState<PasskeyView[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await listPasskeys());
      setError(null);
    } catch (err) {
      setError(passkeyError(err));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  return {
    items,
    loading,
    error,
    /** For the payment-password prompt's onConfirm: a wrong password keeps the prompt open; a cancelled fingerprint closes it. */
    add: async (payPwd: string) => {
      try {
        await registerPasskey(payPwd);
        setError(null);
      } catch (err) {
        const message = passkeyError(err);
        if (message.includes('支付密码')) throw new Error(message);
        setError(message);
      }
      await reload();
    },
    remove: async (id: string) => {
      try {
        await removePasskey(id);
      } catch (err) {
        setError(passkeyError(err));
      }
      await reload();
    },
  };
}
