// The multi-tab bar of spec §4: a tab per full path, home first and not closable, and per tab a
// menu with 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他 (right-click, or the arrow for the active tab).
// Its own markup rather than antd's Tabs, whose tablist also holds the close buttons, the extra
// content and the overflow button (invalid ARIA: a tablist owns only tabs). Here the tablist owns
// only tabs; a tab closes with its × (pointer) or the Delete key (keyboard, as WAI-ARIA's tabs
// pattern suggests), arrows and Home/End move between tabs. The tab elements keep antd's class
// names (ant-tabs-tab, ant-tabs-tab-remove) that tests and styles already use.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { App, Dropdown, theme, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { tabActions, tabs } from '@/stores/tabs';

type TabCommand = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

const COMMANDS: MenuProps['items'] = [
  { key: 'refresh', label: '刷新', icon: <ReloadOutlined /> },
  { type: 'divider' },
  { key: 'closeLeft', label: '关闭左侧', icon: <VerticalRightOutlined /> },
  { key: 'closeRight', label: '关闭右侧', icon: <VerticalLeftOutlined /> },
  { key: 'closeOthers', label: '关闭其他', icon: <CloseOutlined /> },
];

export function TabBar() {
  const snap = useSnapshot(tabs);
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const listRef = useRef<HTMLDivElement>(null);
  const here = location.pathname + location.search;

  /** After a store change the address follows the active tab. */
  const follow = (error: string | null) => {
    if (error) void message.warning(error);
    else if (tabs.active !== here) navigate(tabs.active);
  };

  const run = (command: TabCommand, fullPath: string) => {
    if (command === 'refresh') {
      tabActions.refresh(fullPath);
      if (fullPath !== here) navigate(fullPath);
      return;
    }
    follow(tabActions[command](fullPath));
  };

  const menuFor = (fullPath: string): MenuProps => ({
    items: COMMANDS,
    onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), run(key as TabCommand, fullPath)),
  });

  const close = (fullPath: string) => follow(tabActions.close(fullPath));

  // The active tab stays in view when the strip is wider than the bar.
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [snap.active, snap.tabs.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const all = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const focus = (i: number) => all[(i + all.length) % all.length]?.focus();
    const tab = snap.tabs[index];
    if (event.key === 'ArrowRight') focus(index + 1);
    else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(all.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') navigate(tab.fullPath);
    else if ((event.key === 'Delete' || event.key === 'Backspace') && index !== 0) {
      close(tab.fullPath);
      focus(index - 1);
    } else return;
    event.preventDefault();
  };

  return (
    <div className="boss-tabs" style={{ ['--boss-tab-accent' as string]: token.colorPrimary }}>
      <div className="boss-tabs-scroll" ref={listRef}>
        <div role="tablist" aria-label="已打开的页面" aria-orientation="horizontal" className="boss-tabs-list">
          {snap.tabs.map((t, i) => {
            const active = t.fullPath === snap.active;
            return (
              <div
                key={t.fullPath}
                role="tab"
                aria-selected={active}
                aria-keyshortcuts={i !== 0 ? 'Delete' : undefined}
                tabIndex={active ? 0 : -1}
                className={active ? 'ant-tabs-tab boss-tab boss-tab-active' : 'ant-tabs-tab boss-tab'}
                onClick={() => navigate(t.fullPath)}
                onKeyDown={(event) => onKeyDown(event, i)}
              >
                <Dropdown menu={menuFor(t.fullPath)} trigger={['contextMenu']}>
                  <span className="boss-tab-label">{t.title}</span>
                </Dropdown>
                {i !== 0 && (
                  // Not a button: a tablist may own only tabs. Keyboard users close with Delete.
                  <span
                    className="ant-tabs-tab-remove boss-tab-close"
                    aria-hidden="true"
                    title="关闭"
                    onClick={(event) => (event.stopPropagation(), close(t.fullPath))}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <Dropdown menu={menuFor(snap.active)} placement="bottomRight">
        <button type="button" className="boss-tabs-more" aria-label="标签页操作" title="标签页操作">
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
