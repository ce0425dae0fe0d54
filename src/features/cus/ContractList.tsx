// 合同管理 (/cus/contract): the signed contracts (customer, provider, product, fee schedule version,
// validity, status) on the list kit, with 预览 (the PDF in the shared modal) and the customer.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CUS_INNET_LIVE, CUS_PATHS, type ContractView } from '@contract/api/cus';
import { cusDetailUrl } from '@contract/pages/cus';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { kitPage } from './api';
import { ContractPreview } from './ContractPreview';
import { PROVIDER_OPTIONS, timeColumn } from './rules';

type Row = ContractView & { id: string; validText: string } & Record<string, unknown>;
const STATUS_TEXT: Record<ContractView['status'], { text: string; color: string }> = {
  signed: { text: '已签约', color: 'blue' },
  effective: { text: '生效中', color: 'green' },
  terminated: { text: '已终止', color: 'default' },
};

export default function ContractList(_props: PageProps) {
  const navigate = useNavigate();
  const [preview, setPreview] = useState<ContractView | null>(null);
  const config = useMemo<ListKitConfig<Row>>(
    () => ({
      pageKey: 'cus/ContractList',
      title: '合同管理',
      // The kit loads through fetchList (a business call); url.list names that call.
      url: { list: CUS_PATHS.contractInquiry },
      // A contract is made by signing and takes effect at opening: both move its application.
      live: CUS_INNET_LIVE,
      fetchList: (p) =>
        kitPage<ContractView, Row>(CUS_PATHS.contractInquiry, { provider: p.provider || undefined }, p, (c) => ({
          ...c,
          id: c.contractId,
          validText: `${c.validFrom} 至 ${c.validTo}`,
        })),
      columns: [
        { dataIndex: 'contractNo', title: '合同编号', width: 200 },
        { dataIndex: 'cusName', title: '客户名称', ellipsis: true },
        { dataIndex: 'providerName', title: '支付机构', width: 100 },
        { dataIndex: 'product', title: '产品', width: 110 },
        { dataIndex: 'feeVersion', title: '费率版本', width: 90, align: 'right' },
        { dataIndex: 'validText', title: '有效期', width: 210 },
        { dataIndex: 'status', title: '状态', width: 90, type: 'tag', tag: (r) => STATUS_TEXT[r.status] },
        timeColumn('signedAt', '签约时间'),
      ],
      query: [{ field: 'provider', label: '支付机构', type: 'select', options: PROVIDER_OPTIONS }],
      rowActions: [
        { key: 'preview', text: '预览', onClick: (r) => setPreview(r) },
        { key: 'customer', text: '客户详情', onClick: (r) => navigate(cusDetailUrl(r.cusCode, 'contracts')) },
      ],
      editAction: false,
      deleteAction: false,
      mobile: { title: 'contractNo', subtitle: 'cusName', fields: ['providerName', 'validText'], status: 'status' },
    }),
    [navigate],
  );
  return (
    <>
      <ListKit config={config} />
      <ContractPreview contract={preview} onClose={() => setPreview(null)} />
    </>
  );
}
