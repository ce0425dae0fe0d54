// 开票申请, shared by both views: the customer, what it paid, invoiced and may still invoice
// (InvoiceInquiry's totals: succeeded payments − refunds − invoices), and the application bounded
// by that amount; the server holds the same bound under the customer's lock with the same message.
import { useCallback, useState } from 'react';
import { invoiceApplyBody, type InvoiceInquiryResult } from '@contract/api/pay';
import { schemaRule } from '@/components/dialogs/formRules';
import { applyInvoice, invoiceTotals, type InvoiceInput } from './acctApi';
import { invoiceAmountError, verdict } from './acctRules';
import { useCustomer } from './useCustomer';
import { useSubmit } from './useSubmit';

export interface InvoiceValues {
  amount?: string;
  title?: string;
  taxNo?: string;
  remark?: string;
}
type Totals = Pick<InvoiceInquiryResult, 'paid' | 'invoiced' | 'invoiceable'>;
type Getter = { getFieldsValue: () => unknown };

export function useInvoiceForm(onSubmitted: () => void) {
  const [totals, setTotals] = useState<Totals | null>(null);
  const loadTotals = useCallback(async (cusCode: string) => setTotals(await invoiceTotals(cusCode)), []);
  const customer = useCustomer(loadTotals);
  const sub = useSubmit(
    applyInvoice,
    useCallback(() => {
      onSubmitted();
      if (customer.loaded) void loadTotals(customer.loaded).catch(() => undefined);
    }, [onSubmitted, customer.loaded, loadTotals]),
  );

  return {
    customer,
    totals,
    ...sub,
    rules: {
      amount: [
        ({ getFieldsValue }: Getter) => ({
          validator: () => verdict(invoiceAmountError((getFieldsValue() as InvoiceValues).amount, totals?.invoiceable ?? null)),
        }),
      ],
      title: [schemaRule(invoiceApplyBody, 'title')],
      taxNo: [schemaRule(invoiceApplyBody, 'taxNo')],
      remark: [schemaRule(invoiceApplyBody, 'remark')],
    },
    /** Nothing is sent before the customer was looked up (its totals are what the amount is checked against). */
    finish: (v: InvoiceValues) => {
      if (!customer.loaded) {
        sub.fail('请先输入客户代码并查询可开票金额');
        return Promise.resolve(null);
      }
      const input: InvoiceInput = {
        cusCode: customer.loaded,
        amount: (v.amount ?? '').trim(),
        title: (v.title ?? '').trim(),
        taxNo: (v.taxNo ?? '').trim(),
        remark: (v.remark ?? '').trim(),
      };
      return sub.submit(input);
    },
  };
}
