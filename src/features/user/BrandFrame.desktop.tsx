// Desktop frame of the sign-in pages: tenant background and logo, the card in the middle,
// copyright at the foot (spec §2 login layout).
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useBranding } from './useBranding';

export function BrandFrame({ subtitle, width = 400, children }: { subtitle?: string; width?: number; children: ReactNode }) {
  const brand = useBranding();
  const background = brand.bkg
    ? `center / cover no-repeat url(${JSON.stringify(brand.bkg)})`
    : `radial-gradient(circle at 15% 20%, rgba(255,255,255,.12) 0, transparent 40%), linear-gradient(135deg, ${brand.color} 0%, #053a66 100%)`;
  return (
    <div
      style={{
        minHeight: '100vh',
        background,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        padding: '64px 16px 24px',
        boxSizing: 'border-box',
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
        <img src={brand.logo || '/favicon.svg'} alt="" width={44} height={44} style={{ borderRadius: 10, background: '#fff' }} />
        <Typography.Title level={2} style={{ color: '#fff', margin: 0, letterSpacing: 2 }}>
          {brand.sysName}
        </Typography.Title>
      </header>
      <Typography.Text style={{ color: 'rgba(255,255,255,.8)', marginBottom: 32 }}>{subtitle ?? '支付 · 结算 · 开票 运营后台'}</Typography.Text>
      <main style={{ width: '100%', maxWidth: width }}>{children}</main>
      <footer style={{ marginTop: 'auto', paddingTop: 32, color: 'rgba(255,255,255,.65)', fontSize: 12 }}>{brand.copyright}</footer>
    </div>
  );
}
