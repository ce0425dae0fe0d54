// 提交成功 result page.
import { ResultPage } from './ResultPage';
import type { ResultPageProps } from './results';

export default function Success(_props: ResultPageProps) {
  return <ResultPage kind="success" />;
}
