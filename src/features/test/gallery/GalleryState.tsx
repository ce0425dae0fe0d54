// A titled state of a block on its gallery page (空、加载中、已填写、出错、禁用、只读…).
import type { ReactNode } from 'react';

export function GalleryState({ title, caption, children }: { title: string; caption?: string; children: ReactNode }) {
  return (
    <section className="gallery-state" style={{ background: '#fff', borderRadius: 8, padding: 16, marginBottom: 12 }}>
      <h2 style={{ fontSize: 15, margin: '0 0 4px' }}>{title}</h2>
      {caption && <p style={{ color: 'var(--boss-color-weak)', fontSize: 12, margin: '0 0 12px' }}>{caption}</p>}
      {children}
    </section>
  );
}
