// The drawer of a dictionary's items (desktop), with its own small list.
import { useMemo } from 'react';
import { Drawer } from 'antd';
import ListKit from '@/components/list/ListKit';
import { dictItemsConfig } from './dictItems';

export interface DictItemsProps {
  dictId: string;
  dictName: string;
  dictCode: string;
  onClose: () => void;
}

export default function DictItemsDesktop({ dictId, dictName, dictCode, onClose }: DictItemsProps) {
  const config = useMemo(() => dictItemsConfig(dictId), [dictId]);
  return (
    <Drawer
      open
      title={`字典项：${dictName}（${dictCode}）`}
      width={820}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 12, background: '#f5f5f5' } }}
    >
      <ListKit config={config} />
    </Drawer>
  );
}
