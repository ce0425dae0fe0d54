// The phone sign-in pages' brand header, and the default branding. Pure (React and the contract
// only): the build draws it with the default branding into index.html's first paint of the sign-in
// page (vite.config.ts), and BrandFrame.mobile draws it with the tenant's.
import type { Ref } from 'react';
import { PRIMARY_COLOR, SYSTEM_NAME } from '../../../contract/constants';

export interface Branding {
  sysName: string;
  logo?: string;
  bkg?: string;
  color: string;
  copyright: string;
}

const year = new Date().getFullYear();
export const DEFAULT_BRANDING: Branding = { sysName: SYSTEM_NAME, color: PRIMARY_COLOR, copyright: `Copyright © 2024-${year} ${SYSTEM_NAME}` };

/** The sign-in page's subtitle when the page names none. */
export const DEFAULT_SIGN_IN_TITLE = '欢迎登录';

export function BrandHeader({ brand, title, ref }: { brand: Branding; title?: string; ref?: Ref<HTMLElement> }) {
  return (
    <header
      ref={ref}
      style={{
        background: `linear-gradient(160deg, ${brand.color} 0%, #053a66 100%)`,
        color: '#fff',
        padding: 'calc(env(safe-area-inset-top) + 44px) 24px 56px',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      <img src={brand.logo || '/favicon.svg'} alt="" width={48} height={48} style={{ borderRadius: 12, background: '#fff' }} />
      <div>
        <h1 style={{ margin: 0, fontSize: 22, fontWeight: 600, letterSpacing: 1 }}>{brand.sysName}</h1>
        <div style={{ marginTop: 4, fontSize: 14, opacity: 0.85 }}>{title ?? DEFAULT_SIGN_IN_TITLE}</div>
      </div>
    </header>
  );
}
