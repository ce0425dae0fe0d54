// What a routed page receives, and the lazy module type of the page registry. Lives in lib so
// features can declare their pages without importing the app layer.
import type { ComponentType, LazyExoticComponent } from 'react';

export interface PageProps {
  route?: { path: string; title: string; url?: string };
}
export type PageModule = LazyExoticComponent<ComponentType<PageProps>>;
