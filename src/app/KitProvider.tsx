// Loads the UI kit of the device: antd-mobile below 767.99px, antd above (spec §9). Each kit
// registers how the API layer shows errors and the session-expired modal.
import { lazy, Suspense, type ReactNode } from 'react';
import { useIsMobile } from '@/hooks/useDevice';

const DesktopKit = lazy(() => import('./kits/DesktopKit'));
const MobileKit = lazy(() => import('./kits/MobileKit'));

export function KitProvider({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  const Kit = mobile ? MobileKit : DesktopKit;
  return (
    <Suspense fallback={null}>
      <Kit>{children}</Kit>
    </Suspense>
  );
}
