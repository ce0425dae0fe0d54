// Page modules of the 客户进件 area, keyed as contract/pages/cus.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { CUS_PAGES } from '@contract/pages/cus';

export const cusPages: Record<(typeof CUS_PAGES)[number], PageModule> = {
  'cus/CustomerList': lazy(() => import('./CustomerList')),
  'cus/CustomerDetail': lazy(() => import('./CustomerDetail')),
  'cus/Onboarding': lazy(() => import('./Onboarding')),
  'cus/Review': lazy(() => import('./Review')),
  'cus/InnetBoard': lazy(() => import('./InnetBoard')),
  'cus/KxbCusList': lazy(() => import('./KxbCusList')),
  'cus/ContractList': lazy(() => import('./ContractList')),
  'cus/MerchantEntry': lazy(() => import('./MerchantEntry')),
  'cus/BankAcctApply': lazy(() => import('./BankAcctApply')),
};
