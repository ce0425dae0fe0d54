// 500 page (spec §2): a menu page in the layout and the public route /500.
import { ExceptionPage } from './ExceptionPage';
import type { ExceptionPageProps } from './exceptions';

export default function ServerError({ route }: ExceptionPageProps) {
  return <ExceptionPage type="500" standalone={!route} />;
}
