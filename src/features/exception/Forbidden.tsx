// 403 page (spec §2): a menu page in the layout and the public route /403.
import { ExceptionPage } from './ExceptionPage';
import type { ExceptionPageProps } from './exceptions';

export default function Forbidden({ route }: ExceptionPageProps) {
  return <ExceptionPage type="403" standalone={!route} />;
}
