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

/**
 * Colours antd derives too light for WCAG AA (4.5:1 for text under 18 px), measured on the shell's
 * greyest background (#f0f2f5) and on white: secondary text, descriptions and placeholders
 * (rgba(0,0,0,0.45) and 0.25 by default, 3.3:1 and 1.8:1), the error red (#ff4d4f, 3.3:1) that
 * danger links and messages use. Links take the primary colour (antd takes the info blue #1677ff,
 * 4.1:1). The tag presets' text shades are map tokens the seed colours regenerate, so their
 * darker shades are set in desktop.css.
 */
const READABLE_TOKENS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.56)',
  colorTextDescription: 'rgba(0, 0, 0, 0.56)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorError: '#cf1322',
};

export default function DesktopKit({ children }: { children: ReactNode }) {
  const s = useSnapshot(settings);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: s.primaryColor, colorLink: s.primaryColor, borderRadius: 4, ...READABLE_TOKENS } }}>
      <AntApp>
        <ApiUiBridge />
        <div className={s.colorWeak ? 'color-weak' : undefined} style={s.colorWeak ? { filter: 'invert(80%)', minHeight: '100vh' } : undefined}>
          {children}
        </div>
      </AntApp>
    </ConfigProvider>
  );
}
