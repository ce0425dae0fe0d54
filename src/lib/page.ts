// What a routed page receives, and the lazy module type of the page registry. Lives in lib so
// features can declare their pages without importing the app layer.
import { createElement, lazy, useLayoutEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { dropFirstPaint } from './firstPaint';

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
  let loading: Promise<{ default: ComponentType<PageProps> }> | null = null;
  const preload = () => (loading ??= factory().catch((err: unknown) => ((loading = null), Promise.reject(err))));
  return Object.assign(
    lazy(() => preload().then((m) => ({ default: drawnAfterFirstPaint(m.default) }))),
    { preload },
  );
}

/**
 * The page, removing a first screen painted for another path when it draws (a signed-in start sent
 * to the sign-in page, say); the first screen of its own path goes when the page draws it (useFirstPaint).
 */
function drawnAfterFirstPaint(Page: ComponentType<PageProps>): ComponentType<PageProps> {
  return function PageAfterFirstPaint(props: PageProps) {
    useLayoutEffect(() => dropFirstPaint(true), []);
    return createElement(Page, props);
  };
}
