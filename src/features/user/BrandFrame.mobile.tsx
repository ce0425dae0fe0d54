// Phone frame of the sign-in pages: full screen, brand header, the form on a white sheet, links and
// copyright kept clear of the home indicator (safe-area insets).
import type { ReactNode } from 'react';
import { useBranding } from './useBranding';

export function BrandFrame({ title, children }: { title?: string; children: ReactNode }) {
  const brand = useBranding();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#fff' }}>
      <header
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
          <div style={{ marginTop: 4, fontSize: 14, opacity: 0.85 }}>{title ?? '欢迎登录'}</div>
        </div>
      </header>
      <main style={{ flex: 1, marginTop: -24, borderRadius: '20px 20px 0 0', background: '#fff', padding: '28px 24px 16px' }}>{children}</main>
      <footer style={{ textAlign: 'center', fontSize: 12, color: 'var(--boss-color-weak)', padding: '12px 16px calc(env(safe-area-inset-bottom) + 12px)' }}>
        {brand.copyright}
      </footer>
    </div>
  );
}

/** One input row of a phone form: a large touch target with a hairline under it. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        minHeight: 52,
        borderBottom: '1px solid #eee',
        marginBottom: 12,
        ['--font-size' as string]: '16px',
      }}
    >
      {children}
    </div>
  );
}

export function ErrorText({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div role="alert" style={{ color: 'var(--adm-color-danger)', background: '#fff1f0', borderRadius: 6, padding: '8px 12px', marginBottom: 12, fontSize: 14 }}>
      {text}
    </div>
  );
}

export const linkStyle = { color: 'var(--adm-color-primary)', fontSize: 15, padding: '8px 0', textDecoration: 'none' } as const;
