// Picks a dialog's desktop or phone view by the one device hook, loading it only once it is first
// opened, and keeps it mounted afterwards so closing animates.
import { Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
}

export function DialogSwitch<P extends DialogProps>(props: {
  desktop: LazyExoticComponent<ComponentType<P>>;
  mobile: LazyExoticComponent<ComponentType<P>>;
  dialog: P;
}) {
  const mobile = useIsMobile();
  const [everOpened, setEverOpened] = useState(props.dialog.open);
  if (props.dialog.open && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  const View = mobile ? props.mobile : props.desktop;
  return (
    <Suspense fallback={null}>
      {/* eslint-disable-next-line @typescript-eslint/no-explicit-any */}
      <View {...(props.dialog as any)} />
    </Suspense>
  );
}
