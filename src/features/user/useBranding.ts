// Tenant branding of the sign-in pages (spec §2 login layout): system info from SystemInquiry,
// the cached copy or the default branding when the lookup fails (spec §8).
import { useEffect, useState } from 'react';
import { PRIMARY_COLOR, SYSTEM_NAME } from '@contract/constants';
import { loadSystemInfo } from '@/api/session';
import { session } from '@/stores/session';
import { DEFAULT_BRANDING, type Branding } from './BrandHeader';

function brandingOf(info: typeof session.sysInfo): Branding {
  if (!info) return DEFAULT_BRANDING;
  return {
    sysName: info.sysName || SYSTEM_NAME,
    logo: info.logo || undefined,
    bkg: info.bkg || undefined,
    color: info.sysColor || PRIMARY_COLOR,
    copyright: info.copyright || DEFAULT_BRANDING.copyright,
  };
}

export function useBranding(): Branding {
  const [branding, setBranding] = useState<Branding>(() => brandingOf(session.sysInfo));
  useEffect(() => {
    let alive = true;
    loadSystemInfo().then(
      (info) => alive && setBranding(brandingOf(info)),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    document.title = branding.sysName;
  }, [branding.sysName]);
  return branding;
}
