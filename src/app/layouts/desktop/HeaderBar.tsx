// The desktop header (spec §2): collapse toggle (side menu) or logo and menu (top menu), then the
// switchers, menu search, help, the notification slot and the user dropdown.
import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '@contract/constants';
import { session } from '@/stores/session';
import { helpTarget, openTarget } from '@/lib/navigation';
import NotifyBell from '@/components/notify/NotifyBell';
import type { MenuRoute } from '../../router/routes';
import { MenuSearch } from './MenuSearch';
import { PlatformSwitcher, SystemSwitcher, useSwitcherFlags } from './Switchers';
import { UserMenu } from './UserMenu';

export interface HeaderBarProps {
  routes: MenuRoute[];
  /** Side-menu layout: the collapse toggle. */
  collapsed?: boolean;
  onToggle?: () => void;
  /** Top-menu layout: logo and horizontal menu on the left. */
  left?: ReactNode;
  onOpenSettings: () => void;
}

export function HeaderBar({ routes, collapsed, onToggle, left, onOpenSettings }: HeaderBarProps) {
  const { sysInfo } = useSnapshot(session);
  const flags = useSwitcherFlags();
  const navigate = useNavigate();
  const helpUrl = sysInfo?.helpUrl;

  // A path of this app (the built-in 帮助中心) opens as a page; anything else in a new tab (spec §2: falls back to /Home).
  const openHelp = () => (helpUrl ? openTarget(helpTarget(helpUrl), navigate) : navigate(HOME_PATH));

  return (
    <div className="boss-header-inner">
      {onToggle && (
        <button
          type="button"
          className="boss-header-action boss-trigger"
          onClick={onToggle}
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          title={collapsed ? '展开菜单' : '收起菜单'}
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </button>
      )}
      {left}
      <div className="boss-header-right">
        {flags.system && <SystemSwitcher />}
        {flags.platform && <PlatformSwitcher />}
        <MenuSearch routes={routes} />
        {helpUrl && (
          <Tooltip title="帮助">
            <button type="button" className="boss-header-action" onClick={openHelp} aria-label="帮助">
              <QuestionCircleOutlined />
            </button>
          </Tooltip>
        )}
        <NotifyBell />
        <UserMenu onOpenSettings={onOpenSettings} />
      </div>
    </div>
  );
}
