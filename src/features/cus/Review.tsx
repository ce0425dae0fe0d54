// 进件审核 (/cus/review): the checker's queue of submitted customers; the device's view over useReview.
import { deviceView } from '@/hooks/deviceView';
import type { PageProps } from '@/lib/page';

export default deviceView<PageProps>(
  () => import('./Review.desktop'),
  () => import('./Review.mobile'),
);
