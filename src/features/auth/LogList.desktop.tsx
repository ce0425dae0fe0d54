import { useState } from 'react';
import { Card, Tabs } from 'antd';
import ListKit from '@/components/list/ListKit';
import { LOGIN_LOG, OPERATION_LOG } from './logConfig';

export default function LogListDesktop() {
  const [tab, setTab] = useState('1');
  return (
    <div>
      <Card styles={{ body: { padding: '0 16px' } }} style={{ marginBottom: 12 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: '1', label: '登录日志' },
            { key: '2', label: '操作日志' },
          ]}
        />
      </Card>
      {tab === '1' ? <ListKit key="1" config={LOGIN_LOG} /> : <ListKit key="2" config={OPERATION_LOG} />}
    </div>
  );
}
