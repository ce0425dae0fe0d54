import { Space } from 'antd';
import type { FrameProps } from './Workbench';

export default function WorkbenchDesktop({ form, list }: FrameProps) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {form}
      {list}
    </Space>
  );
}
