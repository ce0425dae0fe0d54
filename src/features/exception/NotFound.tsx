// 404 page (spec §2): a menu page in the layout and the public route /404.
import { ExceptionPage } from './ExceptionPage';
import type { ExceptionPageProps } from './exceptions';

export default function NotFound({ route }: ExceptionPageProps) {
  return <ExceptionPage type="404" standalone={!route} />;
}
