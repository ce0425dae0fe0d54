// The innet board's actions, shared by its views: a new application (or a draft / rejected one
// again) with the provider's own fields, and signing — the fee schedule the contract needs, the
// signing SMS with its 60 s countdown and the server's '验证码已发送，有效期5分钟，请注意查收', the code,
// then 签约. Verification amount, cancel and open are single calls (api.ts).
import { useCallback, useEffect, useState } from 'react';
import { CUS_PERMS, FEE_RATE_RX, providerByCode, type CusMasterView, type FeeConfigView, type FeeItem, type InnetView } from '@contract/api/cus';
import { amountField } from '@contract/money';
import { V } from '@contract/validation';
import { failureMessage } from '@/components/dialogs/formRules';
import { useCan } from '@/hooks/useCan';
import { useSmsSender } from '@/hooks/useSmsCountdown';
import { applyInnet, configFee, fetchFees, fetchMasters, payConfirm, signInnet, smsApply, smsConfirm } from './api';

/** The approved customers a new application may be for. */
export function useApprovedCustomers(enabled: boolean) {
  const [list, setList] = useState<CusMasterView[]>([]);
  useEffect(() => {
    if (!enabled) return;
    fetchMasters({ reviewStatus: 'approved' }, { pageNum: 1, pageSize: 200 }).then(
      (r) => setList(r.listData),
      () => setList([]),
    );
  }, [enabled]);
  return list;
}

/** A provider field's problem (its pattern and message), or null. */
export function providerFieldProblem(provider: string, key: string, value: string | undefined): string | null {
  const f = providerByCode(provider)?.fields.find((x) => x.key === key);
  if (!f) return null;
  if (!value) return f.options ? `请选择${f.label}` : `请填写${f.label}`;
  if (f.pattern && !new RegExp(f.pattern).test(value)) return f.message ?? `${f.label}格式不正确`;
  return null;
}

export async function submitApplication(v: { innet?: InnetView; cusCode?: string; provider: string; product?: string; fields: Record<string, string> }) {
  return applyInnet(
    v.innet ? { innetId: v.innet.innetId, fields: v.fields } : { cusCode: v.cusCode, provider: v.provider, product: v.product, fields: v.fields },
  );
}

export interface ApplyDialogProps {
  open: boolean;
  /** A draft or rejected application to submit again; absent: a new one. */
  innet?: InnetView | null;
  provider: string;
  cusCode?: string;
  onClose: () => void;
  onDone: () => void;
}

export interface SignDialogProps {
  innet: InnetView | null;
  onClose: () => void;
  onDone: () => void;
}

export interface ApplyValues {
  cusCode?: string;
  provider: string;
  product?: string;
  fields?: Record<string, string>;
}

/** The application form's submit, shared by the desktop dialog and the phone sheet: the server's refusal is told, the form stays. */
export function useInnetApply(p: { open: boolean; innet?: InnetView | null; onDone: () => void; onClose: () => void }, notify: Notify) {
  const customers = useApprovedCustomers(p.open && !p.innet);
  const [busy, setBusy] = useState(false);
  const submit = async (v: ApplyValues) => {
    setBusy(true);
    try {
      await submitApplication({ innet: p.innet ?? undefined, cusCode: v.cusCode, provider: v.provider, product: v.product, fields: v.fields ?? {} });
      notify('success', '提交成功');
      p.onDone();
      p.onClose();
    } catch (err) {
      notify('error', failureMessage(err, '提交失败'));
    } finally {
      setBusy(false);
    }
  };
  const rejectText = p.innet?.rejectReasons.map((r) => `${r.label}：${r.reason}`).join('；') ?? '';
  return { customers, busy, submit, rejectText, title: p.innet ? '重新提交进件' : '提交进件' };
}

export type Notify = (kind: 'success' | 'error', text: string) => void;

/** The verification amount's rule, as both views' prompts show it. */
export const verifyAmountRules = [
  { validator: (_r: unknown, v: string) => (amountField.safeParse(v ?? '').success ? Promise.resolve() : Promise.reject(new Error('请输入正确的金额'))) },
];
export const verifyTitle = (i: InnetView | null) => `打款验证：${i?.cusName ?? ''}`;
export const verifyLabel = (i: InnetView | null) => `${i?.providerName ?? ''}打入结算卡的金额（元）`;

/**
 * What the signed-in user may do to one application from a customer's detail (staff or the
 * customer's own administrator; the server decides whose): enter the verification amount, sign.
 */
export function useInnetRowActions(reload: () => unknown, notify: Notify) {
  const can = useCan();
  const [verifying, setVerifying] = useState<InnetView | null>(null);
  const [signing, setSigning] = useState<InnetView | null>(null);
  const canVerify = (i: InnetView) => i.status === 'awaiting_verification' && can(CUS_PERMS.innetVerify);
  const canSign = (i: InnetView) => i.status === 'awaiting_signature' && can(CUS_PERMS.innetSign);
  /** The prompt's OK: a refusal is shown and keeps the prompt open. */
  const verify = async (amount: string) => {
    if (!verifying) return;
    try {
      await payConfirm(verifying.innetId, amount);
    } catch (err) {
      notify('error', failureMessage(err));
      throw err;
    }
    notify('success', '验证成功');
    void reload();
  };
  return { canVerify, canSign, verifying, setVerifying, verify, signing, setSigning };
}

/**
 * The signing steps of one application, shared by the desktop dialog and the phone sheet: the fee
 * schedule (staff with 费率配置; the customer waits for it), the SMS code to the legal
 * representative with its 60 s countdown and the server's '验证码已发送，有效期5分钟，请注意查收', then 签约.
 */
export function useInnetSign(innet: InnetView | null, notify: Notify = () => {}) {
  const can = useCan();
  const [fees, setFees] = useState<FeeConfigView[] | null>(null);
  const [smsConfirmed, setSmsConfirmed] = useState(false);
  const [rate, setRate] = useState('0.38');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    if (!innet) return;
    setSmsConfirmed(innet.smsConfirmed);
    setFees(await fetchFees(innet.cusCode, innet.provider).catch(() => []));
  }, [innet]);
  useEffect(() => {
    void load();
  }, [load]);
  const sms = useSmsSender({ send: useCallback(() => smsApply(innet?.innetId ?? ''), [innet]) });
  const products = innet ? (providerByCode(innet.provider)?.products ?? []) : [];
  const run = async (fn: () => Promise<unknown>, ok: string): Promise<boolean> => {
    setBusy(true);
    try {
      await fn();
      notify('success', ok);
      return true;
    } catch (err) {
      notify('error', failureMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const saveFee = (items: FeeItem[]) =>
    run(async () => {
      if (!innet) return;
      await configFee(innet.cusCode, innet.provider, items);
      await load();
    }, '保存成功');
  /** Saves the first-step rate for every product of the provider. */
  const saveRate = () => {
    if (!FEE_RATE_RX.test(rate)) return void notify('error', '费率为0到100之间、最多2位小数的百分比');
    return saveFee(products.map((p) => ({ product: p.code, rate, minFee: '', maxFee: '' })));
  };
  const sendCode = async () => {
    const n = await sms.trigger();
    if (n) notify(n.kind, n.text);
  };
  const confirmCode = () => {
    if (!code) return void notify('error', V.smsCaptchaRequired);
    return run(async () => {
      if (!innet) return;
      setSmsConfirmed((await smsConfirm(innet.innetId, code)).smsConfirmed);
    }, '验证成功');
  };
  const sign = () => run(async () => innet && signInnet(innet.innetId), '签约成功');
  const hasFee = !!fees?.length;
  return {
    fees,
    hasFee,
    /** Who may set the fee schedule; the customer-side user waits for their account manager. */
    feeEditable: can(CUS_PERMS.fee),
    step: !hasFee ? 0 : !smsConfirmed ? 1 : 2,
    rate,
    setRate,
    saveRate,
    saveFee,
    sms,
    sendCode,
    code,
    setCode: (v: string) => setCode(v.trim()),
    smsConfirmed,
    confirmCode,
    sign,
    busy,
    products,
  };
}

export const SIGN_STEPS = ['配置费率', '短信验证', '签约'];
export const FEE_WAITING = '费率待客户经理配置，配置完成后即可签约';
export const SIGN_SMS_HINT = '验证码将发送到法定代表人手机';
