// Page content of the workspace with keep-alive (spec §2, §4): pages of keepAlive tabs stay mounted
// and hidden while another tab is active; others mount only when active. A close drops the cached
// page; a refresh bumps the tab's version, which remounts it.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { onTabsClosed, tabs } from '@/stores/tabs';
import { PageHost } from '../../router/PageHost';
import { matchRoute, type MenuRoute } from '../../router/routes';

export function TabPanes({ current, routes }: { current: MenuRoute; routes: MenuRoute[] }) {
  const snap = useSnapshot(tabs);
  const location = useLocation();
  const here = location.pathname + location.search;
  // Full paths of keepAlive pages that have been shown and not closed since: the cache.
  const [cached, setCached] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (current.keepAlive && !cached.has(here)) setCached((s) => new Set(s).add(here));
  }, [current.keepAlive, here, cached]);

  useEffect(
    () =>
      onTabsClosed((dropped) =>
        setCached((s) => {
          const next = new Set(s);
          dropped.forEach((t) => next.delete(t.fullPath));
          return next;
        }),
      ),
    [],
  );

  const panes = snap.tabs
    .map((t) => {
      const active = t.fullPath === here;
      if (!active && !(t.keepAlive && cached.has(t.fullPath))) return null;
      const route = active ? current : matchRoute(t.path, routes);
      return route ? { key: `${t.fullPath}:${t.version}`, route, active } : null;
    })
    .filter((p) => p !== null);
  // Before the tab of a new address is opened, its page shows already.
  if (!snap.tabs.some((t) => t.fullPath === here)) panes.push({ key: `${here}:0`, route: current, active: true });

  return (
    <>
      {panes.map((p) => (
        <div key={p.key} className="boss-pane" hidden={!p.active}>
          <PageHost route={p.route} />
        </div>
      ))}
    </>
  );
}
