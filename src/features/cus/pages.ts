// Page modules of the 客户进件 area, keyed as contract/pages/cus.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { CUS_PAGES } from '@contract/pages/cus';

export const cusPages: Record<(typeof CUS_PAGES)[number], PageModule> = {
  'cus/CustomerList': lazyPage(() => import('./CustomerList')),
  'cus/CustomerDetail': lazyPage(() => import('./CustomerDetail')),
  'cus/Onboarding': lazyPage(() => import('./Onboarding')),
  'cus/Review': lazyPage(() => import('./Review')),
  'cus/InnetBoard': lazyPage(() => import('./InnetBoard')),
  'cus/KxbCusList': lazyPage(() => import('./KxbCusList')),
  'cus/ContractList': lazyPage(() => import('./ContractList')),
  'cus/MerchantEntry': lazyPage(() => import('./MerchantEntry')),
  'cus/BankAcctApply': lazyPage(() => import('./BankAcctApply')),
};
