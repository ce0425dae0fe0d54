// 客户详情 of 客户进件 (/cus/customerDetail?cusCode=…): the device's view over useCusDetail.
import { deviceView } from '@/hooks/deviceView';

export interface CusDetailViewProps {
  /** The customer to show; default ?cusCode of the address. */
  cusCode?: string;
}
export const CusDetailView = deviceView<CusDetailViewProps>(
  () => import('./CustomerDetail.desktop'),
  () => import('./CustomerDetail.mobile'),
);

export default function CustomerDetail() {
  return <CusDetailView />;
}
