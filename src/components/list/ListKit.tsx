// The list kit's entry: picks the phone (antd-mobile cards) or desktop (antd table) view with
// useIsMobile and lazy-loads it, so a phone never downloads antd. See types.ts for the config.
import { Loading } from '../Loading';
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { ListKitApi, ListKitConfig, ListRow } from './types';

interface ViewProps {
  config: ListKitConfig<ListRow>;
  header?: ReactNode;
  apiRef?: RefObject<ListKitApi | null>;
}
const Desktop = lazy(() => import('./ListKit.desktop')) as unknown as ComponentType<ViewProps>;
const Mobile = lazy(() => import('./ListKit.mobile')) as unknown as ComponentType<ViewProps>;

export interface ListKitProps<T extends ListRow> {
  config: ListKitConfig<T>;
  /** Shown above the query form / search bar. */
  header?: ReactNode;
  /** Receives the live handle (reload, selection…) for dialogs the page opens itself. */
  apiRef?: RefObject<ListKitApi<T> | null>;
}

export default function ListKit<T extends ListRow>({ config, header, apiRef }: ListKitProps<T>) {
  const mobile = useIsMobile();
  const View = mobile ? Mobile : Desktop;
  useEffect(
    () => () => {
      if (apiRef) apiRef.current = null;
    },
    [apiRef],
  );
  return (
    <Suspense fallback={<Loading />}>
      <View config={config as unknown as ListKitConfig<ListRow>} header={header} apiRef={apiRef as unknown as RefObject<ListKitApi | null>} />
    </Suspense>
  );
}
