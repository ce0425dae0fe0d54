// Public pages (spec §2) by path. Each module picks its own phone or desktop view.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoading } from './PageHost';

const publicPages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/user/login-admin': lazy(() => import('@/features/user/LoginAdmin')),
  '/user/login': lazy(() => import('@/features/user/LoginPhone')),
  '/user/register': lazy(() => import('@/features/user/Register')),
  '/user/register-result': lazy(() => import('@/features/user/RegisterResult')),
  '/user/alteration': lazy(() => import('@/features/user/Alteration')),
  '/user/verification': lazy(() => import('@/features/user/Verification')),
  '/user/loginPwdReset': lazy(() => import('@/features/user/LoginPwdReset')),
  '/oauth2-app/login': lazy(() => import('@/features/user/OAuth2Login')),
  '/test/home': lazy(() => import('@/features/test/TestHome')),
  '/403': lazy(() => import('@/features/exception/Forbidden')),
  '/404': lazy(() => import('@/features/exception/NotFound')),
  '/500': lazy(() => import('@/features/exception/ServerError')),
};

export const PUBLIC_REDIRECTS: Record<string, string> = {
  '/user': '/user/login-admin',
  '/oauth2-app': '/oauth2-app/login',
  '/test': '/test/home',
};

const galleryPage = lazy(() => import('@/features/test/GalleryPage'));

export function publicPage(path: string): LazyExoticComponent<ComponentType> | undefined {
  // /test/home/<key>: one block of the building-block gallery.
  if (path.startsWith('/test/home/')) return galleryPage;
  return publicPages[path];
}

export function PublicPage({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
