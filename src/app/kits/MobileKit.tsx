// antd-mobile with the Chinese locale; wires the API layer's messages to Toast and Dialog.
import { useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ConfigProvider, unstableSetRender } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { MSG } from '@contract/messages';
import { setApiUi } from '@/api/ui';
import './mobile.css';

// antd-mobile renders Toast and Dialog imperatively with the legacy ReactDOM.render, which React 19
// removed: without this hook every Toast.show and Dialog.confirm silently shows nothing.
const feedback = () => import('./mobileFeedback');

unstableSetRender((node, container) => {
  const host = container as Element & { __bossRoot?: Root };
  host.__bossRoot ??= createRoot(host);
  host.__bossRoot.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    host.__bossRoot?.unmount();
    delete host.__bossRoot;
  };
});

// A NavBar's back area is a role="button" named by its content: the arrow carries the name.
const NAV_BAR = {
  backIcon: (
    <span role="img" aria-label="返回">
      <LeftOutline />
    </span>
  ),
};

export default function MobileKit({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Popups, dialogs and toasts render in portals under <body>, outside the wrapper below.
    document.documentElement.style.setProperty('--adm-color-primary', '#0267B5');
    setApiUi({
      error: (m) => void feedback().then(({ Toast }) => Toast.show({ icon: 'fail', content: m })),
      warning: (m) => void feedback().then(({ Toast }) => Toast.show({ content: m })),
      loading: (m) => void feedback().then(({ Toast }) => Toast.show({ icon: 'loading', content: m, duration: 0 })),
      sessionExpired: async () => {
        const { Dialog } = await feedback();
        await Dialog.alert({ title: MSG.sessionExpiredTitle, content: MSG.http401, confirmText: '重新登录' });
      },
    });
  }, []);
  return (
    <ConfigProvider locale={zhCN} navBar={NAV_BAR}>
      <div style={{ ['--adm-color-primary' as string]: '#0267B5', minHeight: '100vh' }}>{children}</div>
    </ConfigProvider>
  );
}
