// 数据分析 (page key 'dashboard/Analysis', /dashboard/analysis): the device's view over useAnalysis.
import { deviceView } from '@/hooks/deviceView';

const AnalysisView = deviceView(
  () => import('./Analysis.desktop'),
  () => import('./Analysis.mobile'),
);

export default function Analysis() {
  return <AnalysisView />;
}
