// Renders the registered page of a route, lazily, with a loading fallback.
import { Suspense } from 'react';
import { pageRegistry } from './pageRegistry';
import type { MenuRoute } from './routes';

export function PageLoading() {
  return <div role="status" aria-live="polite" style={{ padding: 48, textAlign: 'center', color: '#999' }}>加载中...</div>;
}

export function PageHost({ route }: { route: MenuRoute }) {
  const Page = pageRegistry[route.component];
  return (
    <Suspense fallback={<PageLoading />}>
      <Page route={route} />
    </Suspense>
  );
}
