// System and platform switchers of the header (spec §4, §6). The system switcher swaps the user's
// system and group: the tabs start over at /Home and permissions and menu reload. The platform
// switcher refreshes the token and opens the chosen platform with it.
import { useState } from 'react';
import { App, Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '@contract/constants';
import { switcherFlags } from '@contract/permission';
import { session } from '@/stores/session';
import { tabActions } from '@/stores/tabs';
import { switchSystem } from '@/api/session';
import { refreshOnce } from '@/api/request';
import { parseSystemKey, platformUrl, systemKey } from './menuModel';

export function useSwitcherFlags() {
  const { userInfo } = useSnapshot(session);
  return switcherFlags(userInfo?.sys?.group?.groupType, userInfo?.listSys?.length ?? 0, userInfo?.org?.orgType);
}

export function SystemSwitcher() {
  const { userInfo } = useSnapshot(session);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!userInfo?.sys) return null;
  const options = (userInfo.listSys ?? []).map((s) => ({ value: systemKey(s), label: `${s.sysName} · ${s.group.groupName}` }));

  const onChange = async (key: string) => {
    if (key === systemKey(userInfo.sys)) return;
    const { sysId, groupId } = parseSystemKey(key);
    setBusy(true);
    try {
      await switchSystem(sysId, groupId);
      tabActions.reset();
      session.permissionsLoaded = false; // the guard reloads menu and permissions
      navigate(HOME_PATH);
      void message.success('已切换系统');
    } catch {
      /* the API layer has shown the reason */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Select
      aria-label="切换系统"
      title="切换系统"
      size="middle"
      value={systemKey(userInfo.sys)}
      options={options}
      loading={busy}
      onChange={onChange}
      popupMatchSelectWidth={false}
      style={{ width: 220 }}
    />
  );
}

export function PlatformSwitcher() {
  const { userInfo } = useSnapshot(session);
  const { message } = App.useApp();
  const entities = (userInfo?.listEntity ?? []).filter((e) => e.status !== '0' && e.url);
  if (!entities.length) return null;

  const onChange = async (url: string) => {
    const refreshed = (await refreshOnce()) === 'refreshed';
    if (!refreshed || !session.token) {
      void message.warning('切换平台失败，请稍后再试');
      return;
    }
    window.open(platformUrl(url, session.token), '_blank', 'noopener');
  };

  return (
    <Select
      aria-label="切换平台"
      placeholder="切换平台"
      value={null}
      options={entities.map((e) => ({ value: e.url, label: e.entityName }))}
      onChange={onChange}
      popupMatchSelectWidth={false}
      style={{ width: 140 }}
    />
  );
}
