// Public pages (spec §2) by path. Each module picks its own phone or desktop view.
import { Suspense } from 'react';
import { lazyPage, type PageModule } from '@/lib/page';
import { PageLoading } from './PageHost';

const publicPages: Record<string, PageModule> = {
  '/user/login-admin': lazyPage(() => import('@/features/user/LoginAdmin')),
  '/user/login': lazyPage(() => import('@/features/user/LoginPhone')),
  '/user/register': lazyPage(() => import('@/features/user/Register')),
  '/user/register-result': lazyPage(() => import('@/features/user/RegisterResult')),
  '/user/alteration': lazyPage(() => import('@/features/user/Alteration')),
  '/user/verification': lazyPage(() => import('@/features/user/Verification')),
  '/user/loginPwdReset': lazyPage(() => import('@/features/user/LoginPwdReset')),
  '/oauth2-app/login': lazyPage(() => import('@/features/user/OAuth2Login')),
  '/test/home': lazyPage(() => import('@/features/test/TestHome')),
  '/403': lazyPage(() => import('@/features/exception/Forbidden')),
  '/404': lazyPage(() => import('@/features/exception/NotFound')),
  '/500': lazyPage(() => import('@/features/exception/ServerError')),
};

export const PUBLIC_REDIRECTS: Record<string, string> = {
  '/user': '/user/login-admin',
  '/oauth2-app': '/oauth2-app/login',
  '/test': '/test/home',
};

const galleryPage = lazyPage(() => import('@/features/test/GalleryPage'));

export function publicPage(path: string): PageModule | undefined {
  // /test/home/<key>: one block of the building-block gallery.
  if (path.startsWith('/test/home/')) return galleryPage;
  return publicPages[path];
}

/**
 * At start-up: starts downloading the public page of `path` beside the UI kit, not after it (the
 * page draws inside the kit). The sign-in page's first paint waits for one round of downloads less.
 */
export function preloadPublicPage(path: string): void {
  void publicPage(path.replace(/\/$/, ''))
    ?.preload?.()
    .catch(() => {});
}

export function PublicPage({ page: Page }: { page: PageModule }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
