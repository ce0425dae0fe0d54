// Demo customers of onboarding (only where demo data is asked for), in tenant 0 for the operator
// (maker) and approver (checker) demo: one draft, one waiting for review, one approved with its
// hnpay application awaiting the verification amount (DEMO_VERIFY_FEN, 0.18 yuan), one approved
// with its kxb application rejected on a field. Codes and identity numbers carry valid check characters.
// The tenant's 行业分类 (category code CUS_INDUSTRY_PCODE) after GB/T 4754's sections, which the
// onboarding form's 所属行业 offers; each demo customer has its industry.
import { creditCodeCheckChar, nationalIdCheckDigit } from '../../../contract/idCodes';
import { CUS_INDUSTRY_PCODE } from '../../../contract/api/cus';
import type { LedgerStore } from '../ledger/store';

/** What the simulated provider 'paid' to the demo customer C0203 (0.18 yuan). */
export const DEMO_VERIFY_FEN = 18;

const credit = (first17: string) => first17 + creditCodeCheckChar(first17);
const idNo = (first17: string) => first17 + nationalIdCheckDigit(first17);

/** [id, parent id, name, code]: the root, then sections and their divisions. */
const INDUSTRIES: [string, string | null, string, string][] = [
  ['cat-industry', null, '行业分类', CUS_INDUSTRY_PCODE],
  ['cat-ind-c', 'cat-industry', '制造业', 'industry-C'],
  ['cat-ind-c39', 'cat-ind-c', '计算机、通信和其他电子设备制造业', 'industry-C39'],
  ['cat-ind-f', 'cat-industry', '批发和零售业', 'industry-F'],
  ['cat-ind-f51', 'cat-ind-f', '批发业', 'industry-F51'],
  ['cat-ind-f52', 'cat-ind-f', '零售业', 'industry-F52'],
  ['cat-ind-g', 'cat-industry', '交通运输、仓储和邮政业', 'industry-G'],
  ['cat-ind-g54', 'cat-ind-g', '道路运输业', 'industry-G54'],
  ['cat-ind-g59', 'cat-ind-g', '装卸搬运和仓储业', 'industry-G59'],
  ['cat-ind-h', 'cat-industry', '住宿和餐饮业', 'industry-H'],
  ['cat-ind-h62', 'cat-ind-h', '餐饮业', 'industry-H62'],
  ['cat-ind-i', 'cat-industry', '信息传输、软件和信息技术服务业', 'industry-I'],
  ['cat-ind-i65', 'cat-ind-i', '软件和信息技术服务业', 'industry-I65'],
];

const DEMO = [
  {
    cusCode: 'C0201',
    industry: 'cat-ind-i65',
    cusName: '深圳示例科技有限公司',
    kind: 'enterprise',
    review: 'draft',
    credit: credit('91440300MA5F00001'),
    district: ['440000', '440300', '440305'],
  },
  {
    cusCode: 'C0202',
    industry: 'cat-ind-h62',
    cusName: '广州示例餐饮店',
    kind: 'individual',
    review: 'submitted',
    credit: credit('92440100MA5F00002'),
    district: ['440000', '440100', '440106'],
  },
  {
    cusCode: 'C0203',
    industry: 'cat-ind-f51',
    cusName: '成都示例商贸有限公司',
    kind: 'enterprise',
    review: 'approved',
    credit: credit('91510100MA6C00003'),
    district: ['510000', '510100', '510104'],
  },
  {
    cusCode: 'C0204',
    industry: 'cat-ind-g54',
    cusName: '武汉示例物流有限公司',
    kind: 'enterprise',
    review: 'approved',
    credit: credit('91420100MA4K00004'),
    district: ['420000', '420100', '420102'],
  },
] as const;

export async function seedCusDemo(store: LedgerStore): Promise<boolean> {
  return store.tx(async (c) => {
    await c.query('SELECT pg_advisory_xact_lock(72026017)');
    const [t] = await c.query(`SELECT 1 FROM tenants WHERE id = '0'`);
    const [done] = await c.query(`SELECT 1 FROM customers WHERE tenant_id = '0' AND cus_code = 'C0201'`);
    if (!t || done) return false;
    for (const [id, pid, name, code] of INDUSTRIES) {
      await c.query(`INSERT INTO categories (id, tenant_id, pid, name, code) VALUES ($1, '0', $2, $3, $4) ON CONFLICT DO NOTHING`, [id, pid, name, code]);
    }
    for (const [i, d] of DEMO.entries()) {
      await c.query(
        `INSERT INTO customers (tenant_id, cus_code, cus_name, cus_type, mobile, cus_kind, credit_code, legal_name, legal_id_no, legal_mobile, contact_name,
                                province_code, city_code, district_code, address, settle_card_no, settle_bank_name, settle_branch_name, review_status,
                                industry_id, version, created_by, maker_id, maker_name, checker_id, checker_name, submitted_at, reviewed_at)
         VALUES ('0', $1, $2, 'customer', $3, $4, $5, $6, $7, $3, $6, $8, $9, $10, $11, $12, '中国建设银行', $13, $14, $17, 1, 'u-operator', 'u-operator', '张经办',
                 $15, $16, CASE WHEN $14 IN ('submitted', 'approved') THEN now() END, CASE WHEN $14 = 'approved' THEN now() END)`,
        [
          d.cusCode,
          d.cusName,
          `1390000020${i + 1}`,
          d.kind,
          d.credit,
          ['张示例', '李示例', '王示例', '赵示例'][i],
          idNo(`${d.district[2]}19800101${String(i + 1).padStart(3, '0')}`),
          ...d.district,
          `示例路${i + 1}号`,
          `62270000100020${String(i + 1).padStart(5, '0')}`,
          `${d.district[2]}支行`,
          d.review,
          d.review === 'approved' ? 'u-approver' : null,
          d.review === 'approved' ? '李复核' : null,
          d.industry,
        ],
      );
      await c.query(
        `INSERT INTO cus_history (tenant_id, cus_code, action, to_status, version, actor_id, actor_name) VALUES ('0', $1, 'create', 'draft', 1, 'u-operator', '张经办')`,
        [d.cusCode],
      );
    }
    // Settled states only: nothing waits for the provider, so a fresh start has no callbacks in flight.
    await c.query(
      `INSERT INTO cus_innets (id, tenant_id, cus_code, provider, product, status, submit_no, fields, reject_reasons, verify_amount, maker_id) VALUES
       ('demo-innet-c0203-hnpay', '0', 'C0203', 'hnpay', 'agreementPay', 'awaiting_verification', 1, $1::jsonb, '[]', $3, 'u-operator'),
       ('demo-innet-c0204-kxb', '0', 'C0204', 'kxb', 'scanPay', 'rejected', 1, $2::jsonb, $4::jsonb, NULL, 'u-operator')`,
      [
        JSON.stringify({ merchantShortName: '成都示例商贸', servicePhone: '028-86000000' }),
        JSON.stringify({ merchantShortName: '武汉示例物流', mcc: '4214', storeName: '武汉示例驳回门店', settleCycle: 'T1' }),
        DEMO_VERIFY_FEN,
        JSON.stringify([{ field: 'storeName', reason: '门店名称审核不通过，请核实后重新提交（模拟驳回规则）' }]),
      ],
    );
    return true;
  });
}
