// Account centre and settings (个人中心, 个人设置): the signed-in user's profile, read from the
// session. Both pages pick an antd (desktop) or antd-mobile (phone) view; the data comes from here.
import { useSnapshot } from 'valtio';
import { shownMobile } from '@contract/api/pay';
import { session } from '@/stores/session';

/** Props of a page module; features do not import the router, so the shape is declared here. */
export interface AccountPageProps {
  route?: { title: string };
}

export interface Profile {
  realname: string;
  username: string;
  initial: string;
  avatar?: string;
  groupName: string;
  groupType: string;
  sysName: string;
  department: string;
  mobile: string;
  entityName: string;
  systems: { key: string; label: string; current: boolean }[];
}

export function useProfile(): Profile {
  const { userInfo, decrypted } = useSnapshot(session);
  const u = userInfo;
  const name = u?.realname || u?.username || '';
  const currentKey = u?.sys ? `${u.sys.id}:${u.sys.group?.id}` : '';
  return {
    realname: name,
    username: u?.username ?? '',
    initial: name.slice(0, 1) || '?',
    avatar: u?.avatar,
    groupName: u?.sys?.group?.groupName ?? '',
    groupType: u?.sys?.group?.groupType ?? '',
    sysName: u?.sys?.sysName ?? '',
    department: u?.orgCodeTxt || u?.orgCode || '',
    mobile: shownMobile(u, decrypted),
    entityName: u?.entity?.entityName ?? '',
    systems: (u?.listSys ?? []).map((s) => {
      const key = `${s.id}:${s.group?.id}`;
      return { key, label: `${s.sysName} · ${s.group?.groupName ?? ''}`, current: key === currentKey };
    }),
  };
}

export const EMPTY = '—';
