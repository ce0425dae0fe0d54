// Phone home (antd-mobile): the workbench as a stack of cards, to-dos first, then the key figures,
// the customer's own accounts and orders or the balances, recent activity, the charts (below the
// fold: their data and ECharts load only when scrolled to), and the shortcuts. Logic: useWorkbench.
import { lazy, Suspense, type CSSProperties } from 'react';
import { Badge, Card, Grid, List } from 'antd-mobile';
import { MenuTile } from './menuIcon.mobile';
import { useHome } from './useHome';
import { keyFigures, money, timeText, useWorkbench } from './useWorkbench';

const WorkbenchCharts = lazy(() => import('./WorkbenchCharts'));
const card: CSSProperties = { borderRadius: 12, marginBottom: 12 };
const weak: CSSProperties = { color: 'rgba(0,0,0,0.65)', fontSize: 12 };

export default function HomeMobile() {
  const h = useHome();
  const w = useWorkbench();
  // The greeting above is drawn by Home.tsx before this view (and antd-mobile) has loaded.
  const d = w.data;
  return (
    <div style={{ padding: '0 12px 12px' }}>
      <Card title="待办事项" style={card} data-testid="workbench-todos">
        {!d && <p style={{ ...weak, textAlign: 'center' }}>{w.error ?? '加载中…'}</p>}
        {d && d.todos.length === 0 && <p style={{ ...weak, textAlign: 'center' }}>暂无待办</p>}
        {d && d.todos.length > 0 && (
          <List style={{ '--border-top': 'none', '--border-bottom': 'none', '--padding-left': '0' } as CSSProperties}>
            {d.todos.map((t) => (
              <List.Item
                key={t.key}
                data-todo={t.key}
                data-count={t.count}
                arrowIcon
                onClick={() => w.open(t)}
                extra={<Badge content={String(t.count)} color={t.count ? '#0267B5' : '#595959'} style={{ '--right': '0', '--top': '0' } as CSSProperties} />}
              >
                {t.title}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
      {d && keyFigures(d).length > 0 && (
        <Card title="关键指标" style={card} data-testid="workbench-figures">
          <Grid columns={2} gap={12}>
            {keyFigures(d).map((f) => (
              <Grid.Item key={f.key} data-figure={f.key} data-value={f.value}>
                <div style={weak}>{f.label}</div>
                <div style={{ fontSize: 18, fontWeight: 600, margin: '2px 0', color: 'rgba(0,0,0,0.88)' }}>{f.value}</div>
                <div style={weak}>{f.note}</div>
              </Grid.Item>
            ))}
          </Grid>
        </Card>
      )}
      {d?.customer && (
        <>
          {d.customer.accounts && (
            <Card title="我的账户" style={card}>
              <List style={{ '--padding-left': '0', '--border-top': 'none' } as CSSProperties}>
                {d.customer.accounts.map((a) => (
                  <List.Item key={a.acctNo} description={`${a.acctNo} · 冻结 ${money(a.frozenFen)}`} extra={money(a.availableFen)}>
                    {a.acctTypeText}
                  </List.Item>
                ))}
              </List>
            </Card>
          )}
          {d.customer.orders && (
            <Card title="我的订单" style={card}>
              <List style={{ '--padding-left': '0', '--border-top': 'none' } as CSSProperties}>
                {d.customer.orders.map((o) => (
                  <List.Item key={o.status} description={money(o.amountFen)} extra={`${o.count} 笔`}>
                    {o.text}
                  </List.Item>
                ))}
              </List>
            </Card>
          )}
        </>
      )}
      {d?.balances && (
        <Card title="账户余额（按类型）" style={card}>
          <List style={{ '--padding-left': '0', '--border-top': 'none' } as CSSProperties}>
            {d.balances.map((b) => (
              <List.Item key={b.acctType} description={`${b.accounts} 个账户 · 冻结 ${money(b.frozenFen)}`} extra={money(b.balanceFen)}>
                {b.acctTypeText}
              </List.Item>
            ))}
          </List>
        </Card>
      )}
      {d && d.activity.length > 0 && (
        <Card title="近期动态" style={card}>
          <List style={{ '--padding-left': '0', '--border-top': 'none' } as CSSProperties}>
            {d.activity.map((a, i) => (
              <List.Item key={`${a.at}-${i}`} description={`${timeText(a.at)} · ${a.actor}`} extra={a.amountFen ? money(a.amountFen) : undefined}>
                <span style={{ fontSize: 14 }}>{a.title}</span>
              </List.Item>
            ))}
          </List>
        </Card>
      )}
      {d?.charts && (
        <Card title="图表" style={card}>
          <Suspense fallback={null}>
            <WorkbenchCharts />
          </Suspense>
        </Card>
      )}
      {/* Shown with the workbench, not before it: cards arriving above it would push it down (layout shift). */}
      {(d || w.error) && (
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
      )}
    </div>
  );
}
