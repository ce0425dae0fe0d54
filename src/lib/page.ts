// What a routed page receives, and the lazy module type of the page registry. Lives in lib so
// features can declare their pages without importing the app layer.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PageProps {
  route?: { path: string; title: string; url?: string };
}
/** A routed page's lazy module; `preload` fetches it ahead of its first render (lazyPage). */
export type PageModule = LazyExoticComponent<ComponentType<PageProps>> & { preload?: () => Promise<unknown> };

/**
 * A routed page's lazy module that can also be fetched ahead of its first render: the signed-in
 * shell asks for the current route's page together with its layout, rather than after it.
 */
export function lazyPage(factory: () => Promise<{ default: ComponentType<PageProps> }>): PageModule {
  let loading: Promise<unknown> | null = null;
  const preload = () => (loading ??= factory().catch((err: unknown) => ((loading = null), Promise.reject(err))));
  return Object.assign(lazy(factory), { preload });
}
