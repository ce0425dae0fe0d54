import { Avatar, List, Space, Tag } from 'antd-mobile';
import { EMPTY, useProfile } from './profile';

export default function CenterMobile() {
  const p = useProfile();
  return (
    <div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '24px 16px', background: '#fff' }}>
        {p.avatar ? (
          <Avatar src={p.avatar} style={{ '--size': '64px', '--border-radius': '50%' }} />
        ) : (
          <div
            aria-hidden
            style={{ width: 64, height: 64, borderRadius: '50%', background: '#0267B5', color: '#fff', fontSize: 28, lineHeight: '64px', textAlign: 'center' }}
          >
            {p.initial}
          </div>
        )}
        <div>
          <div style={{ fontSize: 20, fontWeight: 600 }}>{p.realname}</div>
          <div style={{ color: 'var(--boss-color-weak)', marginTop: 4 }}>{p.username}</div>
        </div>
      </div>
      <List header="账户信息">
        <List.Item extra={p.groupName || EMPTY}>所属机构</List.Item>
        <List.Item extra={p.department || EMPTY}>所属部门</List.Item>
        <List.Item extra={p.mobile || EMPTY}>手机号码</List.Item>
        <List.Item extra={p.sysName || EMPTY}>当前系统</List.Item>
      </List>
      <List header="可用系统">
        <List.Item>
          <Space wrap>
            {p.systems.length
              ? p.systems.map((s) => (
                  <Tag key={s.key} color={s.current ? 'primary' : 'default'} fill="outline">
                    {s.label}
                  </Tag>
                ))
              : EMPTY}
          </Space>
        </List.Item>
      </List>
    </div>
  );
}
