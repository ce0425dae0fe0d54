// Phone icons for menu items: the menu names antd icons ('home', 'user', ...); the phone maps the
// common ones to antd-mobile-icons and shows the title's first character otherwise.
import type { ComponentType } from 'react';
import {
  AppOutline, BankcardOutline, BillOutline, CheckCircleOutline, ContentOutline, ExclamationTriangleOutline, FileOutline, GlobalOutline,
  HistogramOutline, LinkOutline, LockOutline, PayCircleOutline, QuestionCircleOutline, SetOutline, TeamOutline, UnorderedListOutline, UserOutline,
} from 'antd-mobile-icons';
import { tileColor } from './menuItems';

const ICONS: Record<string, ComponentType<{ fontSize?: number | string }>> = {
  home: AppOutline, user: UserOutline, team: TeamOutline, 'check-circle': CheckCircleOutline, warning: ExclamationTriangleOutline,
  'question-circle': QuestionCircleOutline, setting: SetOutline, file: FileOutline, 'file-text': ContentOutline, api: LinkOutline,
  link: LinkOutline, global: GlobalOutline, bank: BankcardOutline, 'credit-card': BankcardOutline, pay: PayCircleOutline,
  'pay-circle': PayCircleOutline, 'account-book': BillOutline, dashboard: HistogramOutline, 'bar-chart': HistogramOutline,
  lock: LockOutline, unordered: UnorderedListOutline, 'unordered-list': UnorderedListOutline,
};

export function MenuTile({ entryKey, icon, title, size = 44 }: { entryKey: string; icon?: string; title: string; size?: number }) {
  const Icon = icon ? ICONS[icon] : undefined;
  return (
    <span aria-hidden style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: size, height: size, borderRadius: 12, background: tileColor(entryKey), color: '#fff', fontSize: size * 0.5, fontWeight: 600 }}>
      {Icon ? <Icon fontSize={size * 0.55} /> : title.slice(0, 1)}
    </span>
  );
}
