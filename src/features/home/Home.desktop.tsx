// Desktop home (antd): greeting, then the workbench (useWorkbench): to-dos, key figures, balances
// or the customer's own accounts and orders, recent activity, the charts; and the shortcuts.
import { lazy, Suspense, type ComponentType } from 'react';
import { Badge, Card, Col, Empty, List, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import {
  ApiOutlined,
  BankOutlined,
  CheckCircleOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { tileColor, tileText } from './menuItems';
import { useHome } from './useHome';
import { keyFigures, money, timeText, useWorkbench } from './useWorkbench';

const WorkbenchCharts = lazy(() => import('./WorkbenchCharts'));

const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  user: UserOutlined,
  team: TeamOutlined,
  'check-circle': CheckCircleOutlined,
  warning: WarningOutlined,
  'question-circle': QuestionCircleOutlined,
  setting: SettingOutlined,
  'file-text': FileTextOutlined,
  api: ApiOutlined,
  bank: BankOutlined,
  dashboard: DashboardOutlined,
};

export default function HomeDesktop() {
  const h = useHome();
  const w = useWorkbench();
  const d = w.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {h.greeting}，{h.realname}
        </Typography.Title>
        <Space wrap style={{ marginTop: 12 }}>
          {h.groupName && <Tag color="blue">{h.groupName}</Tag>}
          {h.department && <Tag>{h.department}</Tag>}
          <Typography.Text type="secondary">
            今天是 {h.today}，欢迎使用{h.sysName}。
          </Typography.Text>
        </Space>
      </Card>
      <Card title="待办事项" loading={!d && !w.error} data-testid="workbench-todos">
        {w.error && !d && <Typography.Text type="danger">{w.error}</Typography.Text>}
        {d && d.todos.length === 0 && <Empty description="暂无待办" />}
        <Row gutter={[16, 16]}>
          {d?.todos.map((t) => (
            <Col key={t.key} xs={12} md={8} xl={4}>
              <Card
                hoverable
                size="small"
                role="button"
                tabIndex={0}
                aria-label={`${t.title} ${t.count}`}
                data-todo={t.key}
                data-count={t.count}
                onClick={() => w.open(t)}
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && w.open(t)}
              >
                <Statistic title={t.title} value={t.count} valueStyle={{ color: t.count ? '#0267B5' : undefined }} />
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      {d && keyFigures(d).length > 0 && (
        <Row gutter={[16, 16]} data-testid="workbench-figures">
          {keyFigures(d).map((f) => (
            <Col key={f.key} xs={12} xl={{ flex: '1 1 0' }}>
              <Card size="small" data-figure={f.key} data-value={f.value}>
                <Statistic title={f.label} value={f.value} />
                <Typography.Text type="secondary">{f.note}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {d?.customer && (
        <Row gutter={16}>
          <Col xs={24} xl={d.customer.orders ? 14 : 24}>
            <Card size="small" title="我的账户">
              <Table
                rowKey="acctNo"
                size="small"
                pagination={false}
                dataSource={d.customer.accounts ?? []}
                locale={{ emptyText: '无账户查询权限或暂无账户' }}
                columns={[
                  { dataIndex: 'acctNo', title: '账号' },
                  { dataIndex: 'acctTypeText', title: '账户类型' },
                  { dataIndex: 'balanceFen', title: '余额', align: 'right', render: (v: string) => money(v) },
                  { dataIndex: 'frozenFen', title: '冻结', align: 'right', render: (v: string) => money(v) },
                  { dataIndex: 'availableFen', title: '可用', align: 'right', render: (v: string) => money(v) },
                ]}
              />
            </Card>
          </Col>
          {d.customer.orders && (
            <Col xs={24} xl={10}>
              <Card size="small" title="我的订单">
                {d.customer.orders.length === 0 ? (
                  <Empty description="暂无订单" />
                ) : (
                  <List
                    size="small"
                    dataSource={d.customer.orders}
                    renderItem={(o) => (
                      <List.Item extra={money(o.amountFen)}>
                        <Space>
                          {o.text}
                          <Badge count={o.count} showZero color="#0267B5" overflowCount={99999} />
                        </Space>
                      </List.Item>
                    )}
                  />
                )}
              </Card>
            </Col>
          )}
        </Row>
      )}
      {d && (d.balances || d.activity.length > 0) && (
        <Row gutter={16}>
          {d.balances && (
            <Col xs={24} xl={10}>
              <Card size="small" title="账户余额（按类型）">
                <Table
                  rowKey="acctType"
                  size="small"
                  pagination={false}
                  dataSource={d.balances}
                  columns={[
                    { dataIndex: 'acctTypeText', title: '账户类型' },
                    { dataIndex: 'accounts', title: '账户数', align: 'right' },
                    { dataIndex: 'balanceFen', title: '余额', align: 'right', render: (v: string) => money(v) },
                    { dataIndex: 'frozenFen', title: '冻结', align: 'right', render: (v: string) => money(v) },
                  ]}
                />
              </Card>
            </Col>
          )}
          <Col xs={24} xl={d.balances ? 14 : 24}>
            <Card size="small" title="近期动态">
              <List
                size="small"
                locale={{ emptyText: '暂无动态' }}
                dataSource={d.activity}
                renderItem={(a) => (
                  <List.Item extra={a.amountFen ? money(a.amountFen) : undefined}>
                    <List.Item.Meta title={a.title} description={`${timeText(a.at)} · ${a.actor}`} />
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      )}
      {d?.charts && (
        <Card size="small" title="图表">
          <Suspense fallback={null}>
            <WorkbenchCharts columns={3} />
          </Suspense>
        </Card>
      )}
      {/* Shown with the workbench, not before it: cards arriving above it would push it down (layout shift). */}
      {(d || w.error) && (
        <Card title="快捷入口">
          {h.shortcuts.length === 0 ? (
            <Empty description="暂无可用的菜单" />
          ) : (
            <Row gutter={[16, 16]}>
              {h.shortcuts.map((s) => {
                const Icon = s.icon ? ICONS[s.icon] : undefined;
                return (
                  <Col key={s.key} xs={12} sm={8} md={6} xl={6}>
                    <Card
                      hoverable
                      size="small"
                      onClick={() => h.open(s.item)}
                      role="link"
                      aria-label={s.title}
                      styles={{ body: { display: 'flex', alignItems: 'center', gap: 12 } }}
                    >
                      <span
                        style={{
                          width: 40,
                          height: 40,
                          borderRadius: 8,
                          background: tileColor(s.key),
                          color: '#fff',
                          display: 'inline-flex',
                          alignItems: 'center',
                          justifyContent: 'center',
                          fontSize: Icon || tileText(s.title).length === 1 ? 20 : 14,
                          fontWeight: 600,
                          flex: 'none',
                        }}
                      >
                        {Icon ? <Icon /> : tileText(s.title)}
                      </span>
                      <Typography.Text strong ellipsis>
                        {s.title}
                      </Typography.Text>
                    </Card>
                  </Col>
                );
              })}
            </Row>
          )}
        </Card>
      )}
    </Space>
  );
}
