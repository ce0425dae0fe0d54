// Phone frame of the sign-in pages: full screen, brand header, the form on a white sheet, links and
// copyright kept clear of the home indicator (safe-area insets).
import { useRef, type ReactNode } from 'react';
import { useFirstPaint } from '@/lib/firstPaint';
import { BrandHeader } from './BrandHeader';
import { useBranding } from './useBranding';

export function BrandFrame({ title, children }: { title?: string; children: ReactNode }) {
  const brand = useBranding();
  // The header is the page's largest text: the next cold start paints it before any script.
  const header = useRef<HTMLElement>(null);
  useFirstPaint(header, [brand, title]);
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#fff' }}>
      <BrandHeader brand={brand} title={title} ref={header} />
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
