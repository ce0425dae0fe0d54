// One mechanism for a block with a desktop and a phone rendering (STYLE.md): each loaded on demand,
// chosen by the one device hook, so a phone never downloads the desktop view.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useIsMobile } from './useDevice';

export function deviceView<P extends object>(
  desktop: () => Promise<{ default: ComponentType<P> }>,
  mobile: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Desktop = lazy(desktop);
  const Mobile = lazy(mobile);
  function DeviceView(props: P) {
    const View = (useIsMobile() ? Mobile : Desktop) as ComponentType<P>;
    return (
      <Suspense fallback={fallback}>
        <View {...props} />
      </Suspense>
    );
  }
  return DeviceView;
}
