// Menu list → routes (spec §2): items with route "0" are excluded, external items are links, not
// routes; keepAlive with a componentName keeps the page cached; ':' paths match as patterns.
import { matchPath } from 'react-router-dom';
import type { MenuItem } from '@contract/types';
import { evalUrlTemplate, isPageKey, type PageKey } from '@contract/pages';
import { isExternal, menuTarget, urlVars } from '@/lib/navigation';

export { menuTarget };

export interface MenuRoute {
  path: string;
  name: string;
  title: string;
  component: PageKey;
  icon?: string;
  keepAlive: boolean;
  componentName?: string;
  /** For iframe pages: the evaluated url. */
  url?: string;
  /** Titles from the top menu down to this one (breadcrumb). */
  trail: { title: string; path: string }[];
}

/** Flattens the menu tree into the routes the user may visit; unknown components are dropped. */
export function buildRoutes(menu: MenuItem[], token: string | null = null, trail: MenuRoute['trail'] = []): MenuRoute[] {
  const out: MenuRoute[] = [];
  for (const item of menu) {
    if (item.route === '0') continue;
    const here = [...trail, { title: item.meta?.title ?? item.name, path: item.path }];
    if (item.children?.length) out.push(...buildRoutes(item.children, token, here));
    if (isExternal(item) || item.component === 'layouts/RouteView') continue;
    if (!isPageKey(item.component)) continue;
    out.push({
      path: item.path,
      name: item.name,
      title: item.meta?.title ?? item.name,
      component: item.component,
      icon: item.meta?.icon,
      keepAlive: !!item.meta?.keepAlive && !!item.meta?.componentName,
      componentName: item.meta?.componentName,
      url: item.meta?.url ? evalUrlTemplate(item.meta.url, urlVars(token)) : undefined,
      trail: here,
    });
  }
  return out;
}

/** The route of a pathname: exact first, then ':' patterns matched against the full path. */
export function matchRoute(pathname: string, routes: MenuRoute[]): MenuRoute | undefined {
  const exact = routes.find((r) => r.path.toLowerCase() === pathname.toLowerCase());
  if (exact) return exact;
  return routes.find((r) => r.path.includes(':') && matchPath({ path: r.path, end: true }, pathname));
}
