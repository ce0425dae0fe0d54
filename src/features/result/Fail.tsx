// 提交失败 result page.
import { ResultPage } from './ResultPage';
import type { ResultPageProps } from './results';

export default function Fail(_props: ResultPageProps) {
  return <ResultPage kind="fail" />;
}
