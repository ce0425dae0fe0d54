// Phone home (antd-mobile): greeting banner and a grid of shortcuts.
import { Card, Grid } from 'antd-mobile';
import { MenuTile } from './menuIcon.mobile';
import { useHome } from './useHome';

export default function HomeMobile() {
  const h = useHome();
  return (
    <div style={{ padding: 12 }}>
      <section
        style={{ borderRadius: 12, padding: '20px 16px', color: '#fff', background: 'linear-gradient(135deg, #0267B5 0%, #053a66 100%)', marginBottom: 12 }}
      >
        <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>
          {h.greeting}，{h.realname}
        </h2>
        <div style={{ marginTop: 8, fontSize: 13, opacity: 0.9, lineHeight: 1.6 }}>
          {[h.groupName, h.department].filter(Boolean).join(' · ')}
          <br />
          今天是 {h.today}
        </div>
      </section>
      <Card title="快捷入口" style={{ borderRadius: 12 }}>
        {h.shortcuts.length === 0 ? (
          <p style={{ textAlign: 'center', color: 'var(--boss-color-weak)', margin: '16px 0' }}>暂无可用的菜单</p>
        ) : (
          <Grid columns={4} gap={12}>
            {h.shortcuts.map((s) => (
              <Grid.Item key={s.key} onClick={() => h.open(s.item)}>
                <div role="link" aria-label={s.title} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, padding: '4px 0' }}>
                  <MenuTile entryKey={s.key} icon={s.icon} title={s.title} />
                  <span
                    style={{
                      fontSize: 12,
                      color: '#333',
                      textAlign: 'center',
                      lineHeight: 1.3,
                      maxWidth: '100%',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {s.title}
                  </span>
                </div>
              </Grid.Item>
            ))}
          </Grid>
        )}
      </Card>
    </div>
  );
}
