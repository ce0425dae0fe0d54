// Renders the registered page of a route, lazily, with a loading fallback.
import { Suspense } from 'react';
import { Loading as PageLoading } from '@/components/Loading';
import { pageRegistry } from './pageRegistry';
import type { MenuRoute } from './routes';

export { PageLoading };

export function PageHost({ route }: { route: MenuRoute }) {
  const Page = pageRegistry[route.component];
  return (
    <Suspense fallback={<PageLoading />}>
      <Page route={route} />
    </Suspense>
  );
}
