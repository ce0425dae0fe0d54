// 消息推送 in 我的 (issue 20 §2): whether this phone receives pushes with the app closed, and turning
// it on (asks the system permission, subscribes) or off. No UI kit here.
import { useEffect, useState } from 'react';
import { disablePush, enablePush, pushEnabled, pushSupported } from '@/api/push';
import { failureMessage } from '@/components/dialogs/formRules';

export function usePushSetting() {
  const supported = pushSupported();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (supported) void pushEnabled().then(setOn, () => setOn(false));
  }, [supported]);

  return {
    supported,
    on,
    busy,
    error,
    toggle: async (next: boolean) => {
      setBusy(true);
      setError(null);
      try {
        if (next) await enablePush();
        else await disablePush();
        setOn(next);
      } catch (err) {
        setError(failureMessage(err, '消息推送设置失败'));
        setOn(await pushEnabled().catch(() => false));
      } finally {
        setBusy(false);
      }
    },
  };
}
