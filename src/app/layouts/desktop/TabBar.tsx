// The multi-tab bar of spec §4: a tab per full path, home first and not closable, and per tab a
// menu with 刷新 / 关闭左侧 / 关闭右侧 / 关闭其他 (right-click, or the arrow for the active tab).
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
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

  const menuFor = (fullPath: string): MenuProps => ({ items: COMMANDS, onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), run(key as TabCommand, fullPath)) });

  return (
    <Tabs
      className="boss-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={snap.active}
      onChange={(key) => navigate(key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') follow(tabActions.close(key));
      }}
      tabBarExtraContent={{
        right: (
          <Dropdown menu={menuFor(snap.active)} placement="bottomRight">
            <button type="button" className="boss-tabs-more" aria-label="标签页操作" title="标签页操作">
              <DownOutlined />
            </button>
          </Dropdown>
        ),
      }}
      items={snap.tabs.map((t, i) => ({
        key: t.fullPath,
        closable: i !== 0,
        label: (
          <Dropdown menu={menuFor(t.fullPath)} trigger={['contextMenu']}>
            <span className="boss-tab-label">{t.title}</span>
          </Dropdown>
        ),
      }))}
    />
  );
}
