// Footer with the tenant's copyright (spec §3 system info), or a year-range default.
import { useSnapshot } from 'valtio';
import { SYSTEM_NAME } from '@contract/constants';
import { session } from '@/stores/session';

export function copyrightText(info: { copyright?: string; company?: string } | null | undefined, year = new Date().getFullYear()): string {
  if (info?.copyright) return info.copyright;
  return `Copyright © 2019-${year} ${info?.company || SYSTEM_NAME}`;
}

export function Footer() {
  const { sysInfo } = useSnapshot(session);
  return (
    <footer className="boss-footer">
      <div>{copyrightText(sysInfo)}</div>
      {sysInfo?.registerEnt && <div className="boss-footer-sub">{sysInfo.registerEnt}</div>}
    </footer>
  );
}
