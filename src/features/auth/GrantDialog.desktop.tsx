import { Drawer } from 'antd';
import type { GrantDialogProps } from './GrantDialog';
import GrantTreeDesktop from './GrantTree.desktop';

export default function GrantDialogDesktop({ open, onClose, title, target }: GrantDialogProps) {
  return (
    <Drawer title={title} open={open} onClose={onClose} size={560} destroyOnHidden>
      {open && <GrantTreeDesktop key={String(open)} target={target} onSaved={onClose} height="calc(100vh - 230px)" />}
    </Drawer>
  );
}
