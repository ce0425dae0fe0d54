// A dictionary's items (phone): a full-screen popup over the same list kit, as cards.
import { useMemo } from 'react';
import { NavBar, Popup } from 'antd-mobile';
import ListKit from '@/components/list/ListKit';
import { dictItemsConfig } from './dictItems';
import type { DictItemsProps } from './DictItems.desktop';

export default function DictItemsMobile({ dictId, dictName, onClose }: DictItemsProps) {
  const config = useMemo(() => dictItemsConfig(dictId), [dictId]);
  return (
    <Popup visible position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto', background: '#f5f5f5' }} destroyOnClose>
      <NavBar onBack={onClose}>{`字典项：${dictName}`}</NavBar>
      <ListKit config={config} />
    </Popup>
  );
}
