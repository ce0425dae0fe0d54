// 系统监控 (page key 'monitor/MonitorPage', /system/monitor): the device's view over useMonitor.
import { deviceView } from '@/hooks/deviceView';

const MonitorView = deviceView(
  () => import('./MonitorPage.desktop'),
  () => import('./MonitorPage.mobile'),
);

export default function MonitorPage() {
  return <MonitorView />;
}
