import { NavBar, Popup } from 'antd-mobile';
import type { GrantDialogProps } from './GrantDialog';
import GrantTreeMobile from './GrantTree.mobile';

export default function GrantDialogMobile({ open, onClose, title, target }: GrantDialogProps) {
  return (
    <Popup visible={open} onMaskClick={onClose} position="right" bodyStyle={{ width: '100vw', height: '100%' }} destroyOnClose>
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <NavBar onBack={onClose}>{title}</NavBar>
        <div style={{ flex: 1, minHeight: 0 }}>{open && <GrantTreeMobile target={target} onSaved={onClose} />}</div>
      </div>
    </Popup>
  );
}
