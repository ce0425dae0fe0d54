import { Avatar, Card, Col, Descriptions, Divider, Empty, Row, Tag, Typography } from 'antd';
import { ApartmentOutlined, BankOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { EMPTY, useProfile } from './profile';

export default function CenterDesktop() {
  const p = useProfile();
  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card variant="borderless">
          <div style={{ textAlign: 'center', padding: '8px 0 16px' }}>
            <Avatar size={96} src={p.avatar || undefined} style={{ background: '#0267B5', fontSize: 40 }}>
              {p.initial}
            </Avatar>
            <Typography.Title level={4} style={{ margin: '16px 0 4px' }}>
              {p.realname}
            </Typography.Title>
            <Typography.Text type="secondary">{p.entityName || p.sysName}</Typography.Text>
          </div>
          <div className="account-facts" style={{ display: 'grid', gap: 10, color: 'rgba(0,0,0,0.65)' }}>
            <span>
              <UserOutlined style={{ marginRight: 8 }} />
              {p.username}
            </span>
            <span>
              <BankOutlined style={{ marginRight: 8 }} />
              {p.groupName || EMPTY}
            </span>
            <span>
              <ApartmentOutlined style={{ marginRight: 8 }} />
              {p.department || EMPTY}
            </span>
            <span>
              <MobileOutlined style={{ marginRight: 8 }} />
              {p.mobile || EMPTY}
            </span>
          </div>
          <Divider dashed />
          <Typography.Text strong>可用系统</Typography.Text>
          <div style={{ marginTop: 12, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {p.systems.length ? (
              p.systems.map((s) => (
                <Tag key={s.key} color={s.current ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
                  {s.label}
                </Tag>
              ))
            ) : (
              <Typography.Text type="secondary">{EMPTY}</Typography.Text>
            )}
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card variant="borderless" title="账户信息">
          <Descriptions
            column={2}
            items={[
              { key: 'realname', label: '姓名', children: p.realname || EMPTY },
              { key: 'username', label: '登录账号', children: p.username || EMPTY },
              { key: 'group', label: '所属机构', children: p.groupName || EMPTY },
              { key: 'depart', label: '所属部门', children: p.department || EMPTY },
              { key: 'mobile', label: '手机号码', children: p.mobile || EMPTY },
              { key: 'sys', label: '当前系统', children: p.sysName || EMPTY },
            ]}
          />
        </Card>
        <Card variant="borderless" title="最近动态" style={{ marginTop: 16 }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无动态" />
        </Card>
      </Col>
    </Row>
  );
}
