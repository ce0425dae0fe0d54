// Page modules of the acct area, keyed as contract/pages/acct.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { ACCT_PAGES } from '@contract/pages/acct';

export const acctPages: Record<(typeof ACCT_PAGES)[number], PageModule> = {
  'acct/Adjust': lazyPage(() => import('./Adjust')),
  'acct/AcctNoGenerate': lazyPage(() => import('./AcctNoGenerate')),
  'acct/RefundApply': lazyPage(() => import('./RefundApply')),
  'acct/InvoiceApply': lazyPage(() => import('./InvoiceApply')),
  'acct/InvoiceMake': lazyPage(() => import('./InvoiceMake')),
};
