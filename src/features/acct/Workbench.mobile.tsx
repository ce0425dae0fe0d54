import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import type { FrameProps } from './Workbench';

export default function WorkbenchMobile({ formTitle, listTitle, form, list }: FrameProps) {
  const [tab, setTab] = useState('form');
  return (
    <Tabs activeKey={tab} onChange={setTab} style={{ '--title-font-size': '15px', background: '#fff' }}>
      <Tabs.Tab title={formTitle} key="form">
        <div style={{ margin: '-12px -12px 0' }}>{form}</div>
      </Tabs.Tab>
      <Tabs.Tab title={listTitle} key="list" destroyOnClose>
        <div style={{ margin: '-12px -12px 0' }}>{list}</div>
      </Tabs.Tab>
    </Tabs>
  );
}
