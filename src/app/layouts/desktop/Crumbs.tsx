// Breadcrumb under the header (spec §2): 首页 first, then the route's trail; the last is plain text.
import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import type { MenuRoute } from '../../router/routes';
import { breadcrumbFor } from './menuModel';

export function Crumbs({ current, routes }: { current: MenuRoute; routes: MenuRoute[] }) {
  const isRoute = (path: string) => routes.some((r) => r.path === path);
  const crumbs = breadcrumbFor(current.trail, isRoute);
  return (
    <Breadcrumb
      className="boss-breadcrumb"
      items={crumbs.map((c) => ({ key: c.title + (c.path ?? ''), title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title }))}
    />
  );
}
