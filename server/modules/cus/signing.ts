// Signing and fees of an innet application (issue 17 §2): the SMS code to the legal representative
// (60 s resend, 5 minutes, one use), the signature, which records the contract with its generated
// PDF against the current fee schedule and moves the application to opening, the fee schedules
// (CusConfigFee, versioned) and the contracts' reads.
import { CUS_MSG, providerByCode, signSmsType, type ContractView, type FeeConfigView, type FeeItem, type InnetView } from '../../../contract/api/cus';
import { formatFen, parseYuan } from '../../../contract/money';
import type { ObjectStore } from '../../adapters/objectStore/objectStore';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import type { SqlConn } from '../ledger/store';
import { claimSmsCode, issueSmsCode, matchSmsCode } from '../sms/service';
import type { InnetService } from './innet';
import { expectStatus, innetOf, innetView, moveInnet } from './innetStore';
import { renderPdf } from './pdf';
import { addHistory, customerOf, iso, type CusCtx } from './store';

const CONTRACT_YEARS = 3;
const day = (d: Date) => d.toISOString().slice(0, 10);

interface FeeRow {
  cus_code: string;
  provider: string;
  version: number;
  items: { product: string; rateBp: number; minFen: string | null; maxFen: string | null }[];
  created_by_name: string;
  created_at: Date;
}
const rateText = (bp: number) =>
  `${Math.floor(bp / 100)}${
    bp % 100
      ? `.${String(bp % 100)
          .padStart(2, '0')
          .replace(/0$/, '')}`
      : ''
  }`;
const feeView = (r: FeeRow): FeeConfigView => ({
  cusCode: r.cus_code,
  provider: r.provider,
  version: r.version,
  items: r.items.map((i) => ({
    product: i.product,
    rate: rateText(i.rateBp),
    minFee: i.minFen === null ? '' : formatFen(BigInt(i.minFen)),
    maxFee: i.maxFen === null ? '' : formatFen(BigInt(i.maxFen)),
  })),
  createdBy: r.created_by_name,
  createdAt: iso(r.created_at),
});
/** '0.38' → 38 (hundredths of a percent). */
const rateBp = (rate: string) => {
  const [i, f = ''] = rate.split('.');
  return Number(i) * 100 + Number(f.padEnd(2, '0'));
};

interface ContractRow {
  id: string;
  contract_no: string;
  cus_code: string;
  cus_name: string;
  innet_id: string;
  provider: string;
  product: string;
  fee_version: number;
  valid_from: Date | string;
  valid_to: Date | string;
  status: ContractView['status'];
  signed_at: Date;
  pdf_path: string;
}
const CONTRACT_COLS = `k.id, k.contract_no, k.cus_code, cu.cus_name, k.innet_id, k.provider, k.product, k.fee_version, k.valid_from::text, k.valid_to::text,
  k.status, k.signed_at, k.pdf_path`;
const CONTRACT_FROM = `cus_contracts k JOIN customers cu ON cu.tenant_id = k.tenant_id AND cu.cus_code = k.cus_code`;
const contractView = (r: ContractRow): ContractView => ({
  contractId: r.id,
  contractNo: r.contract_no,
  cusCode: r.cus_code,
  cusName: r.cus_name,
  innetId: r.innet_id,
  provider: r.provider,
  providerName: providerByCode(r.provider)?.name ?? r.provider,
  product: r.product,
  feeVersion: r.fee_version,
  validFrom: String(r.valid_from).slice(0, 10),
  validTo: String(r.valid_to).slice(0, 10),
  status: r.status,
  signedAt: iso(r.signed_at),
  pdfUrl: `/sys/common/pdf/pdfPreviewIframe?contractId=${encodeURIComponent(r.id)}`,
});

export class SigningService {
  constructor(
    private readonly innet: InnetService,
    private readonly deps: AppDeps,
    private readonly objects: ObjectStore,
  ) {}

  private get store() {
    return this.innet.store;
  }

  private async legalMobile(c: SqlConn, ctx: CusCtx, innetId: string) {
    const row = await innetOf(c, ctx, innetId);
    expectStatus(row, ['awaiting_signature'], '签约');
    const cus = await customerOf(c, ctx, row.cus_code);
    if (!cus.legal_mobile) throw new AppError(400, CUS_MSG.mobileMissing);
    return { row, mobile: cus.legal_mobile };
  }

  async smsApply(ctx: CusCtx, innetId: string): Promise<void> {
    const { mobile } = await this.legalMobile(this.store, ctx, innetId);
    await issueSmsCode(this.deps, mobile, signSmsType(innetId), '签约');
  }

  async smsConfirm(ctx: CusCtx, innetId: string, captcha: string): Promise<InnetView> {
    const { mobile } = await this.legalMobile(this.store, ctx, innetId);
    const codeId = await matchSmsCode(this.deps, mobile, signSmsType(innetId), captcha);
    await claimSmsCode(this.deps.db, codeId);
    return this.store.tx(async (c) => {
      const row = await innetOf(c, ctx, innetId, true);
      expectStatus(row, ['awaiting_signature'], '签约');
      await c.query('UPDATE cus_innets SET sms_confirmed_at = now(), version = version + 1, updated_at = now() WHERE id = $1', [innetId]);
      await addHistory(c, ctx.tenantId, ctx.actor, { cusCode: row.cus_code, innetId, action: 'smsConfirmed', version: row.version });
      return innetView(await innetOf(c, ctx, innetId));
    });
  }

  /** CusChannelInnetSign: the contract record and its PDF, against the latest fee schedule; the application moves to opening. */
  async sign(ctx: CusCtx, innetId: string): Promise<{ innet: InnetView; contract: ContractView }> {
    let stored: string | null = null;
    try {
      return await this.store.tx(async (c) => {
        const row = await innetOf(c, ctx, innetId, true);
        expectStatus(row, ['awaiting_signature'], '签约');
        if (!row.sms_confirmed_at) throw new AppError(400, CUS_MSG.smsFirst);
        const fee = await this.latestFee(c, ctx.tenantId, row.cus_code, row.provider);
        if (!fee) throw new AppError(400, CUS_MSG.feeFirst);
        const cus = await customerOf(c, ctx, row.cus_code);
        const [{ n }] = await c.query<{ n: string }>(`SELECT nextval('cus_contract_no_seq')::text AS n`);
        const now = new Date();
        const to = new Date(now);
        to.setUTCFullYear(to.getUTCFullYear() + CONTRACT_YEARS);
        const contractNo = `HT${day(now).replace(/-/g, '')}${n.padStart(6, '0')}`;
        const provider = providerByCode(row.provider)!;
        const product = provider.products.find((p) => p.code === row.product)?.name ?? row.product;
        const pdf = renderPdf(`${provider.name}商户服务协议 ${contractNo}`, [
          { text: `${provider.name}商户服务协议`, size: 18 },
          { text: `合同编号：${contractNo}` },
          { text: `甲方（商户）：${cus.cus_name}（客户编号 ${cus.cus_code}）` },
          { text: `统一社会信用代码：${cus.credit_code ?? '—'}    法定代表人：${cus.legal_name ?? ''}` },
          { text: `乙方（支付机构）：${provider.name}` },
          { text: `签约产品：${product}` },
          { text: `有效期：${day(now)} 至 ${day(to)}` },
          { text: `费率（第${fee.version}版）：` },
          ...feeView(fee).items.map((i) => ({
            text: `  ${provider.products.find((p) => p.code === i.product)?.name ?? i.product}：${i.rate}%${i.minFee ? `，单笔最低${i.minFee}元` : ''}${i.maxFee ? `，单笔最高${i.maxFee}元` : ''}`,
          })),
          { text: `结算账户：${cus.settle_bank_name ?? ''} ${cus.settle_branch_name ?? ''} 尾号${(cus.settle_card_no ?? '').slice(-4)}` },
          { text: '甲方法定代表人已通过短信验证码确认签署本协议。' },
          { text: `签署时间：${now.toISOString().replace('T', ' ').slice(0, 19)}（UTC）    经办人：${ctx.actor.name}` },
        ]);
        const id = newId();
        stored = `contracts/${ctx.tenantId}/${contractNo}.pdf`;
        await this.objects.put(stored, pdf, 'application/pdf');
        await c.query(
          `INSERT INTO cus_contracts (id, tenant_id, contract_no, cus_code, innet_id, provider, product, fee_version, valid_from, valid_to, pdf_path, signed_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10::date, $11, $12)`,
          [id, ctx.tenantId, contractNo, row.cus_code, innetId, row.provider, row.product, fee.version, day(now), day(to), stored, ctx.actor.id],
        );
        await moveInnet(c, ctx.tenantId, ctx.actor, row, 'opening', 'sign', { detail: { contractNo, feeVersion: fee.version } });
        const [k] = await c.query<ContractRow>(`SELECT ${CONTRACT_COLS} FROM ${CONTRACT_FROM} WHERE k.id = $1`, [id]);
        return { innet: innetView(await innetOf(c, ctx, innetId)), contract: contractView(k) };
      });
    } catch (err) {
      if (stored) await this.objects.remove(stored).catch(() => {});
      throw err;
    }
  }

  private async latestFee(c: SqlConn, tenantId: string, cusCode: string, provider: string): Promise<FeeRow | null> {
    const [r] = await c.query<FeeRow>(
      `SELECT cus_code, provider, version, items, created_by_name, created_at FROM cus_fee_configs
        WHERE tenant_id = $1 AND cus_code = $2 AND provider = $3 ORDER BY version DESC LIMIT 1`,
      [tenantId, cusCode, provider],
    );
    return r ?? null;
  }

  /** CusConfigFee: a new version of the customer's fee schedule with a provider. */
  async configFee(ctx: CusCtx, v: { cusCode: string; provider: string; items: FeeItem[] }): Promise<FeeConfigView> {
    const provider = providerByCode(v.provider);
    if (!provider) throw new AppError(400, CUS_MSG.providerUnknown);
    const seen = new Set<string>();
    const items = v.items.map((i) => {
      if (!provider.products.some((p) => p.code === i.product)) throw new AppError(400, CUS_MSG.productUnknown);
      if (seen.has(i.product)) throw new AppError(400, CUS_MSG.feeDup);
      seen.add(i.product);
      const minFen = i.minFee ? parseYuan(i.minFee)! : null;
      const maxFen = i.maxFee ? parseYuan(i.maxFee)! : null;
      if (minFen !== null && maxFen !== null && minFen > maxFen) throw new AppError(400, '最低手续费不能大于最高手续费');
      return { product: i.product, rateBp: rateBp(i.rate), minFen: minFen?.toString() ?? null, maxFen: maxFen?.toString() ?? null };
    });
    return this.store.tx(async (c) => {
      const cus = await customerOf(c, ctx, v.cusCode, true);
      const last = await this.latestFee(c, ctx.tenantId, v.cusCode, provider.code);
      const version = (last?.version ?? 0) + 1;
      await c.query(
        `INSERT INTO cus_fee_configs (tenant_id, cus_code, provider, version, items, created_by, created_by_name) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
        [ctx.tenantId, v.cusCode, provider.code, version, JSON.stringify(items), ctx.actor.id, ctx.actor.name],
      );
      await addHistory(c, ctx.tenantId, ctx.actor, {
        cusCode: v.cusCode,
        action: 'fee',
        version: cus.version,
        detail: { provider: provider.code, feeVersion: version, items },
      });
      return feeView((await this.latestFee(c, ctx.tenantId, v.cusCode, provider.code))!);
    });
  }

  /** Every version of the customer's fee schedules, newest first. */
  async fees(ctx: CusCtx, cusCode: string, provider?: string): Promise<FeeConfigView[]> {
    await customerOf(this.store, ctx, cusCode);
    const rows = await this.store.query<FeeRow>(
      `SELECT cus_code, provider, version, items, created_by_name, created_at FROM cus_fee_configs
        WHERE tenant_id = $1 AND cus_code = $2 AND ($3::text IS NULL OR provider = $3) ORDER BY provider, version DESC`,
      [ctx.tenantId, cusCode, provider ?? null],
    );
    return rows.map(feeView);
  }

  async contracts(ctx: CusCtx, q: { cusCode?: string; provider?: string; pageNum: number; pageSize: number }) {
    if (ctx.cusCode && q.cusCode && q.cusCode !== ctx.cusCode) return { listData: [], count: 0 };
    const params = [ctx.tenantId, ctx.cusCode ?? q.cusCode ?? null, q.provider ?? null];
    const where = `k.tenant_id = $1 AND ($2::text IS NULL OR k.cus_code = $2) AND ($3::text IS NULL OR k.provider = $3)`;
    const [{ n }] = await this.store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${CONTRACT_FROM} WHERE ${where}`, params);
    const rows = await this.store.query<ContractRow>(
      `SELECT ${CONTRACT_COLS} FROM ${CONTRACT_FROM} WHERE ${where} ORDER BY k.signed_at DESC, k.id LIMIT $4 OFFSET $5`,
      [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
    );
    return { listData: rows.map(contractView), count: Number(n) };
  }

  private async contractRow(ctx: CusCtx, contractId: string): Promise<ContractRow> {
    const [r] = await this.store.query<ContractRow>(`SELECT ${CONTRACT_COLS} FROM ${CONTRACT_FROM} WHERE k.id = $1 AND k.tenant_id = $2`, [
      contractId,
      ctx.tenantId,
    ]);
    if (!r || (ctx.cusCode !== null && r.cus_code !== ctx.cusCode)) throw new AppError(404, CUS_MSG.contractNotFound);
    return r;
  }

  contract = async (ctx: CusCtx, contractId: string) => contractView(await this.contractRow(ctx, contractId));

  async contractPdf(ctx: CusCtx, contractId: string): Promise<{ fileName: string; data: Buffer }> {
    const r = await this.contractRow(ctx, contractId);
    const data = await this.objects.get(r.pdf_path);
    if (!data) throw new AppError(404, CUS_MSG.contractNotFound);
    return { fileName: `${r.contract_no}.pdf`, data };
  }
}
