import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import ListKit from '@/components/list/ListKit';
import { LOGIN_LOG, OPERATION_LOG } from './logConfig';

export default function LogListMobile() {
  const [tab, setTab] = useState('1');
  return (
    <div>
      <Tabs activeKey={tab} onChange={setTab} style={{ background: '#fff' }}>
        <Tabs.Tab title="登录日志" key="1" />
        <Tabs.Tab title="操作日志" key="2" />
      </Tabs>
      {tab === '1' ? <ListKit key="1" config={LOGIN_LOG} /> : <ListKit key="2" config={OPERATION_LOG} />}
    </div>
  );
}
