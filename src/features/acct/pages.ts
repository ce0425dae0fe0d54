// Page modules of the acct area, keyed as contract/pages/acct.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { ACCT_PAGES } from '@contract/pages/acct';

export const acctPages: Record<(typeof ACCT_PAGES)[number], PageModule> = {
  'acct/Adjust': lazy(() => import('./Adjust')),
  'acct/AcctNoGenerate': lazy(() => import('./AcctNoGenerate')),
  'acct/RefundApply': lazy(() => import('./RefundApply')),
  'acct/InvoiceApply': lazy(() => import('./InvoiceApply')),
  'acct/InvoiceMake': lazy(() => import('./InvoiceMake')),
};
