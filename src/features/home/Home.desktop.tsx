// Desktop home (antd): greeting card and a card grid of shortcuts.
import type { ComponentType } from 'react';
import { Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
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
    </Space>
  );
}
