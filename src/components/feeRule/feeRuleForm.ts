// The fee modal (服务费配置 and 客户详情's 手续费配置), shared by both views: the values, the rules as
// the server words them (contract parseFeeDef), a live preview of what the rule would charge, and
// the proposal call. A saved rule is a new version pending a second person's approval.
import { useMemo, useState } from 'react';
import {
  ANY_PRODUCT,
  FEE_METHOD_TEXT,
  FEE_METHODS,
  FEE_MSG,
  FEE_PATHS,
  FEE_SCOPE_TEXT,
  FEE_SCOPES,
  FEE_TX_TEXT,
  FEE_TX_TYPES,
  computeFee,
  parseFeeDef,
  type FeeMethod,
  type FeeRuleView,
  type FeeScope,
  type FeeTxType,
} from '@contract/api/fee';
import { INNET_PROVIDERS } from '@contract/api/cusWire';
import { fenText } from '@contract/money';
import { feeCall } from '@/api/fees';

export interface TierValues {
  upTo: string;
  fixedFee: string;
  rate: string;
}
export interface FeeRuleValues {
  scope: FeeScope;
  scopeRef: string;
  product: string;
  txType: FeeTxType;
  method: FeeMethod;
  fixedFee: string;
  rate: string;
  minFee: string;
  maxFee: string;
  tiers: TierValues[];
  /** 'YYYY-MM-DDTHH:mm' local time; '' → effective once approved. */
  effectiveFrom: string;
  remark: string;
}
/** A customer the modal is opened for (客户详情): the scope is fixed to it. */
export interface FixedCustomer {
  cusCode: string;
  cusName: string;
}

const opts = <K extends string>(keys: readonly K[], text: Record<K, string>) => keys.map((value) => ({ value, label: text[value] }));
export const SCOPE_OPTIONS = opts(FEE_SCOPES, FEE_SCOPE_TEXT);
export const TX_OPTIONS = opts(FEE_TX_TYPES, FEE_TX_TEXT);
export const METHOD_OPTIONS = opts(FEE_METHODS, FEE_METHOD_TEXT);
export const PROVIDER_OPTIONS = INNET_PROVIDERS.map((p) => ({ value: p.code, label: p.name }));
export const PREVIEW_AMOUNTS = [10_000n, 100_000n, 1_000_000n];

export function productOptions(scope: FeeScope, provider: string) {
  const list = scope === 'provider' ? INNET_PROVIDERS.filter((p) => p.code === provider) : INNET_PROVIDERS;
  return [{ value: ANY_PRODUCT, label: '全部产品' }, ...list.flatMap((p) => p.products.map((x) => ({ value: x.code, label: `${p.name}·${x.name}` })))];
}

export const blankTier = (): TierValues => ({ upTo: '', fixedFee: '', rate: '' });
export function initialValues(fixed?: FixedCustomer): FeeRuleValues {
  return {
    scope: fixed ? 'customer' : 'platform',
    scopeRef: fixed?.cusCode ?? '',
    product: ANY_PRODUCT,
    txType: 'payment',
    method: 'percent',
    fixedFee: '',
    rate: '',
    minFee: '',
    maxFee: '',
    tiers: [blankTier(), blankTier()],
    effectiveFrom: '',
    remark: '',
  };
}

/** The first problem of the values as the server words it, or null. */
export function feeRuleProblem(v: FeeRuleValues): string | null {
  if (v.scope !== 'platform' && !v.scopeRef) return FEE_MSG.scopeRef;
  const r = parseFeeDef(v);
  if (!r.ok) return r.message;
  if (v.effectiveFrom && Number.isNaN(Date.parse(v.effectiveFrom))) return FEE_MSG.effectiveFrom;
  return null;
}

/** What the rule would charge on a few amounts (nothing while it is incomplete). */
export function previewText(v: FeeRuleValues): string {
  const r = parseFeeDef(v);
  if (!r.ok) return '';
  return PREVIEW_AMOUNTS.map((a) => `${fenText(a)} 收 ${fenText(computeFee(r.def, a))}`).join('；');
}

export function useFeeRuleForm(fixed: FixedCustomer | undefined, onSaved: (rule: FeeRuleView) => void) {
  const [values, setValues] = useState<FeeRuleValues>(() => initialValues(fixed));
  const [saving, setSaving] = useState(false);
  const patch = (p: Partial<FeeRuleValues>) => setValues((s) => ({ ...s, ...p }));
  const setTier = (i: number, p: Partial<TierValues>) => setValues((s) => ({ ...s, tiers: s.tiers.map((t, j) => (j === i ? { ...t, ...p } : t)) }));
  const addTier = () => setValues((s) => ({ ...s, tiers: [...s.tiers, blankTier()] }));
  const removeTier = (i: number) => setValues((s) => ({ ...s, tiers: s.tiers.filter((_, j) => j !== i) }));
  const preview = useMemo(() => previewText(values), [values]);
  /** Sends the proposal; answers the error text, or null once saved. */
  const submit = async (): Promise<string | null> => {
    const problem = feeRuleProblem(values);
    if (problem) return problem;
    setSaving(true);
    try {
      const { rule } = await feeCall<{ rule: FeeRuleView }>(FEE_PATHS.rulePropose, {
        ...values,
        scopeRef: values.scope === 'platform' ? '' : values.scopeRef,
        effectiveFrom: values.effectiveFrom ? new Date(values.effectiveFrom).toISOString() : '',
        tiers: values.method === 'tiered' ? values.tiers : undefined,
      });
      onSaved(rule);
      return null;
    } catch (err) {
      return (err as Error).message;
    } finally {
      setSaving(false);
    }
  };
  return { values, patch, setTier, addTier, removeTier, preview, saving, submit, fixed };
}
export type FeeRuleForm = ReturnType<typeof useFeeRuleForm>;

export const FEE_RULE_TITLE = '手续费配置';
export const FEE_RULE_SAVED = '已提交，等待审批';
export const FEE_RULE_HINT = '保存为新版本，经另一人审批后于生效时间起生效，已收取的手续费不受影响。';
