// antd-mobile with the Chinese locale; wires the API layer's messages to Toast and Dialog.
import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, Dialog, Toast } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { MSG } from '@contract/messages';
import { setApiUi } from '@/api/ui';

export default function MobileKit({ children }: { children: ReactNode }) {
  useEffect(() => {
    setApiUi({
      error: (m) => void Toast.show({ icon: 'fail', content: m }),
      warning: (m) => void Toast.show({ content: m }),
      loading: (m) => void Toast.show({ icon: 'loading', content: m, duration: 0 }),
      sessionExpired: () => Dialog.alert({ title: MSG.sessionExpiredTitle, content: MSG.http401, confirmText: '重新登录' }).then(() => undefined),
    });
  }, []);
  return (
    <ConfigProvider locale={zhCN}>
      <div style={{ ['--adm-color-primary' as string]: '#0267B5', minHeight: '100vh' }}>{children}</div>
    </ConfigProvider>
  );
}
