// Phone icons for menu items: the menu names antd icons ('home', 'user', ...); the phone maps the
// few common ones to antd-mobile-icons and shows the title's first character otherwise.
import type { ComponentType } from 'react';
// Deep imports, one file per icon: each icon is 2-3 KB, so the map stays short on purpose.
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { tileColor, tileText } from './menuItems';

const ICONS: Record<string, ComponentType<{ fontSize?: number | string }>> = {
  user: UserOutline,
  setting: SetOutline,
  api: LinkOutline,
  link: LinkOutline,
  'question-circle': QuestionCircleOutline,
  bank: BankcardOutline,
  'credit-card': BankcardOutline,
  dashboard: HistogramOutline,
  'bar-chart': HistogramOutline,
};

export function MenuTile({ entryKey, icon, title, size = 44 }: { entryKey: string; icon?: string; title: string; size?: number }) {
  const Icon = icon ? ICONS[icon] : undefined;
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 12,
        background: tileColor(entryKey),
        color: '#fff',
        fontSize: size * 0.5,
        fontWeight: 600,
      }}
    >
      {Icon ? <Icon fontSize={size * 0.55} /> : <span style={{ fontSize: tileText(title).length > 1 ? size * 0.34 : size * 0.5 }}>{tileText(title)}</span>}
    </span>
  );
}
