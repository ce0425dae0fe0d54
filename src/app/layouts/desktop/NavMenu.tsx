// The menu of the side or top layout, built from the user's menu tree. Clicking an item follows
// menuTarget: external items open their url in a new tab, others navigate.
import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { MenuItem } from '@contract/types';
import { session } from '@/stores/session';
import { openTarget } from '@/lib/navigation';
import { menuTarget, type MenuRoute } from '../../router/routes';
import { findMenuItem, openKeysFor, visibleMenu } from './menuModel';
import { menuIcon } from './menuIcons';

type AntItem = Required<MenuProps>['items'][number];

function toAntItems(menu: MenuItem[]): AntItem[] {
  return menu.map((item) =>
    item.children?.length
      ? { key: item.path, icon: menuIcon(item.meta?.icon), label: item.meta?.title ?? item.name, children: toAntItems(item.children) }
      : { key: item.path, icon: menuIcon(item.meta?.icon), label: item.meta?.title ?? item.name },
  );
}

export function NavMenu(props: {
  menu: MenuItem[];
  current: MenuRoute;
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { menu, current, mode, theme, collapsed, onNavigate } = props;
  const navigate = useNavigate();
  const { token, sysInfo } = useSnapshot(session);
  const visible = useMemo(() => visibleMenu(menu), [menu]);
  const items = useMemo(() => toAntItems(visible), [visible]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(current.trail));

  // A route reached another way (tab, search, link) opens its sub-menu too.
  useEffect(() => {
    if (mode !== 'inline' || collapsed) return;
    const wanted = openKeysFor(current.trail);
    setOpenKeys((keys) => (wanted.every((k) => keys.includes(k)) ? keys : Array.from(new Set([...keys, ...wanted]))));
  }, [current, mode, collapsed]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = findMenuItem(visible, key);
    if (!item) return;
    openTarget(menuTarget(item, token, sysInfo?.helpUrl), navigate);
    onNavigate?.();
  };

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={[current.path]}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: '63px' } : { borderInlineEnd: 'none' }}
    />
  );
}
