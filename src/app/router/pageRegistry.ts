// The only pages a menu can route to: each key of contract/pages.ts maps to a lazy import().
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from '@contract/pages';
import type { MenuRoute } from './routes';

export interface PageProps { route: MenuRoute }
type Page = LazyExoticComponent<ComponentType<PageProps>>;

export const pageRegistry: Record<PageKey, Page> = {
  'layouts/RouteView': lazy(() => import('@/features/exception/NotFound')),
  'layouts/IframePageView': lazy(() => import('./IframePageView')),
  'home/Home': lazy(() => import('@/features/home/Home')),
  'account/Center': lazy(() => import('@/features/account/Center')),
  'account/Settings': lazy(() => import('@/features/account/Settings')),
  'result/Success': lazy(() => import('@/features/result/Success')),
  'result/Fail': lazy(() => import('@/features/result/Fail')),
  'exception/403': lazy(() => import('@/features/exception/Forbidden')),
  'exception/404': lazy(() => import('@/features/exception/NotFound')),
  'exception/500': lazy(() => import('@/features/exception/ServerError')),
};
