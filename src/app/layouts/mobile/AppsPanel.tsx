// 应用 tab: the user's menu as a grid, one section per top-level menu. Only pages the router can
// show (or external links) are offered.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorBlock, Grid } from 'antd-mobile';
import { useSnapshot } from 'valtio';
import type { MenuItem } from '@contract/types';
import { session } from '@/stores/session';
import { groupsOf, isExternal } from '@/features/home/menuItems';
import { MenuTile } from '@/features/home/menuIcon.mobile';
import { openTarget } from '@/lib/navigation';
import { menuTarget, type MenuRoute } from '../../router/routes';

export default function AppsPanel({ menu, routes }: { menu: MenuItem[]; routes: MenuRoute[] }) {
  const navigate = useNavigate();
  const snap = useSnapshot(session);
  const groups = useMemo(() => {
    const routable = new Set(routes.map((r) => r.path.toLowerCase()));
    return groupsOf(menu)
      .map((g) => ({ ...g, entries: g.entries.filter((e) => isExternal(e.item) || routable.has(e.item.path.toLowerCase())) }))
      .filter((g) => g.entries.length > 0);
  }, [menu, routes]);

  const open = (item: MenuItem) => {
    openTarget(menuTarget(item, snap.token, snap.sysInfo?.helpUrl), navigate);
  };

  if (groups.length === 0) return <ErrorBlock status="empty" title="暂无可用的应用" description="请联系管理员为你分配菜单权限" style={{ paddingTop: 48 }} />;
  return (
    <div style={{ padding: 12 }}>
      {groups.map((g) => (
        <section key={g.key} aria-label={g.title} style={{ background: '#fff', borderRadius: 12, padding: '12px 8px 16px', marginBottom: 12 }}>
          <h3 style={{ margin: '0 8px 12px', fontSize: 15, fontWeight: 600, color: '#333' }}>{g.title}</h3>
          <Grid columns={4} gap={[8, 16]}>
            {g.entries.map((e) => (
              <Grid.Item key={e.key} onClick={() => open(e.item)}>
                <div role="link" aria-label={e.title} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, cursor: 'pointer' }}>
                  <MenuTile entryKey={e.key} icon={e.icon} title={e.title} />
                  <span style={{ fontSize: 12, color: '#333', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {e.title}
                  </span>
                </div>
              </Grid.Item>
            ))}
          </Grid>
        </section>
      ))}
    </div>
  );
}
