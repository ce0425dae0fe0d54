// antd with the Chinese locale and the system colour; wires the API layer's messages to antd.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { useSnapshot } from 'valtio';
import { MSG } from '@contract/messages';
import { setApiUi } from '@/api/ui';
import { settings } from '@/stores/settings';

function ApiUiBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    setApiUi({
      error: (m) => void message.error(m),
      warning: (m) => void message.warning(m),
      loading: (m) => void message.loading(m, 0),
      sessionExpired: () =>
        new Promise<void>((resolve) =>
          modal.error({ title: MSG.sessionExpiredTitle, content: MSG.http401, okText: '重新登录', maskClosable: false, onOk: () => resolve() }),
        ),
    });
  }, [message, modal]);
  return null;
}

export default function DesktopKit({ children }: { children: ReactNode }) {
  const s = useSnapshot(settings);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: s.primaryColor, borderRadius: 4 } }}>
      <AntApp>
        <ApiUiBridge />
        <div className={s.colorWeak ? 'color-weak' : undefined} style={s.colorWeak ? { filter: 'invert(80%)', minHeight: '100vh' } : undefined}>
          {children}
        </div>
      </AntApp>
    </ConfigProvider>
  );
}
