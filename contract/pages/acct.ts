// Pages of the acct area (issue 4 §2): adjust, generate account number, refund apply, invoice
// apply and invoice make. The calls live in contract/api/pay.ts and contract/api/ledger.ts.
export const ACCT_PAGES = ['acct/Adjust', 'acct/AcctNoGenerate', 'acct/RefundApply', 'acct/InvoiceApply', 'acct/InvoiceMake'] as const;

/** Where the acct pages live (the menu rows in server/menus/acct.ts use the same paths). */
export const ACCT_PATHS = {
  root: '/acct',
  adjust: '/acct/adjust',
  acctNoGenerate: '/acct/acctNoGenerate',
  refundApply: '/acct/refundApply',
  invoiceApply: '/acct/invoiceApply',
  invoiceMake: '/acct/invoiceMake',
} as const;
