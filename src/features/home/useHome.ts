// What the home page shows on both devices: greeting by hour (§9), who and where the user is,
// today's date, and shortcuts to the user's menu pages.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { greetingFor } from '@contract/greeting';
import { SYSTEM_NAME } from '@contract/constants';
import type { MenuItem } from '@contract/types';
import { session } from '@/stores/session';
import { openMenuItem, shortcutsOf } from './menuItems';

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
export const todayText = (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日 ${WEEKDAYS[d.getDay()]}`;

export function useHome() {
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const now = new Date();
  const user = snap.userInfo;
  const shortcuts = useMemo(() => shortcutsOf(snap.menu as MenuItem[]), [snap.menu]);
  return {
    greeting: greetingFor(now.getHours()),
    realname: user?.realname || user?.username || '',
    groupName: user?.sys?.group?.groupName ?? '',
    department: user?.orgCodeTxt ?? '',
    sysName: user?.sys?.sysName || snap.sysInfo?.sysName || SYSTEM_NAME,
    today: todayText(now),
    shortcuts,
    open: (item: MenuItem) => openMenuItem(item, snap.token, navigate, snap.sysInfo?.helpUrl),
  };
}
