// /test/home/<key>: one building block of the gallery, in its states, at the device's size.
import { Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Loading as PageLoading } from '@/components/Loading';
import { galleryEntry } from './gallery/registry';

export const GALLERY_BASE = '/test/home/';

export default function GalleryPage() {
  const { pathname } = useLocation();
  const entry = galleryEntry(pathname.slice(GALLERY_BASE.length).replace(/\/$/, ''));
  if (!entry) return <Navigate to="/404" replace />;
  const Page = entry.page;
  return (
    <div
      className="gallery-page"
      style={{ minHeight: '100vh', background: '#f5f6f8', padding: 'calc(env(safe-area-inset-top) + 12px) 12px 24px', boxSizing: 'border-box' }}
    >
      <header style={{ maxWidth: 1280, margin: '0 auto 12px' }}>
        <Link to="/test/home" style={{ color: '#0267B5', fontSize: 14 }}>
          ‹ 返回组件库
        </Link>
        <h1 style={{ fontSize: 20, margin: '8px 0 4px' }}>{entry.title}</h1>
        <p style={{ color: 'var(--boss-color-weak)', fontSize: 13, margin: 0 }}>{entry.caption}</p>
      </header>
      <main style={{ maxWidth: 1280, margin: '0 auto' }}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </main>
    </div>
  );
}
