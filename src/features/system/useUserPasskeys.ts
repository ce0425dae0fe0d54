// 通行密钥 of another user (用户管理 row action, issue 20 §1): the administrator sees the user's
// passkeys and revokes one; a revoked passkey approves nothing from then on. No UI kit here.
import { useCallback, useEffect, useState } from 'react';
import { PASSKEY_MSG, PASSKEY_PATHS, type PasskeyView } from '@contract/api/passkeyWire';
import { capGet, capOrThrow, capPost } from '@/api/request';

export interface UserPasskeysProps {
  user: { id: string; username: string } | null;
  onClose: () => void;
}

export function useUserPasskeys(userId: string | undefined) {
  const [items, setItems] = useState<PasskeyView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    if (!userId) return;
    try {
      const body = capOrThrow(await capGet<{ listData: PasskeyView[] }>(PASSKEY_PATHS.adminList, { userId }, { silent: true }), true) as {
        listData: PasskeyView[];
      };
      setItems(body.listData);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [userId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return {
    items,
    error,
    busy,
    /** Answers the server's words ('通行密钥已撤销'), or throws them. */
    revoke: async (id: string): Promise<string> => {
      setBusy(true);
      try {
        capOrThrow(await capPost(PASSKEY_PATHS.revoke, { id }, undefined, { silent: true }), true);
        return PASSKEY_MSG.revoked;
      } finally {
        setBusy(false);
        await reload();
      }
    },
  };
}
