// The system's logo and name at the top of the side menu, or at the left of the top menu.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HOME_PATH, SYSTEM_NAME } from '@contract/constants';
import { session } from '@/stores/session';

export function Logo({ collapsed, theme }: { collapsed?: boolean; theme: 'light' | 'dark' }) {
  const { sysInfo } = useSnapshot(session);
  const name = sysInfo?.sysName || SYSTEM_NAME;
  const [broken, setBroken] = useState<string | null>(null);
  const logo = sysInfo?.logo && sysInfo.logo !== broken ? sysInfo.logo : null;
  return (
    <Link to={HOME_PATH} className={`boss-logo boss-logo-${theme}`} title={name}>
      {logo ? (
        <img src={logo} alt="" onError={() => setBroken(logo)} />
      ) : (
        <span className="boss-logo-mark" aria-hidden>
          B
        </span>
      )}
      {!collapsed && <span className="boss-logo-name">{name}</span>}
    </Link>
  );
}
