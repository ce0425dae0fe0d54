// Calls of fees and standing splits (contract/api/fee.ts), shared by the 服务费配置 / 分账配置 /
// 手续费收入 pages, the fee modal of 客户详情 and the payment confirmation (capCalls.ts: silent, a
// refusal throws with the server's own words).
import { FEE_PATHS, type FeeQuoteView, type FeeTxType } from '@contract/api/fee';
import { capCall } from './capCalls';

export { capCall as feeCall, capKitPage as feeKitPage } from './capCalls';

/** The fees the server would charge now on each amount debited from `acctNo` (the payment confirmation). */
export const quoteFees = (acctNo: string, txType: FeeTxType, amounts: string[]) => capCall<FeeQuoteView>(FEE_PATHS.quote, { acctNo, txType, amounts });
