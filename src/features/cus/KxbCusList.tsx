// 快信宝客户 (/cus/kxbCus): the customers of the kxb provider with that provider's own fields
// (short name, MCC, store, settlement cycle) and their innet state, on the list kit.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { CUS_INNET_LIVE, CUS_PATHS, providerByCode } from '@contract/api/cus';
import { cusDetailUrl, cusInnetUrl } from '@contract/pages/cus';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { innetRows } from './InnetBoard';
import { INNET_STATUS_OPTIONS, innetTag } from './rules';
import type { InnetStatus } from '@contract/api/cus';

const KXB = providerByCode('kxb')!;

export default function KxbCusList(_props: PageProps) {
  const navigate = useNavigate();
  const config = useMemo<ListKitConfig<ListRow>>(() => {
    const fetch = innetRows({ provider: 'kxb' });
    return {
      pageKey: 'cus/KxbCusList',
      title: '快信宝客户',
      // The kit loads through fetchList (a business call); url.list names that call.
      url: { list: CUS_PATHS.innetInquiry },
      live: CUS_INNET_LIVE,
      fetchList: async (p) => {
        const page = await fetch(p);
        return { ...page, result: { ...page.result, records: page.result.records.map((r) => ({ ...r, ...r.fields }) as unknown as ListRow) } };
      },
      columns: [
        { dataIndex: 'cusName', title: '客户名称', ellipsis: true },
        { dataIndex: 'cusCode', title: '客户编号', width: 110 },
        ...KXB.fields.map((f) => ({
          dataIndex: f.key,
          title: f.label,
          width: 130,
          ...(f.options ? { options: f.options.map((o) => ({ value: o.value, label: o.text })) } : {}),
        })),
        { dataIndex: 'status', title: '状态', width: 120, type: 'tag', tag: (r) => innetTag(r.status as InnetStatus) },
        { dataIndex: 'providerAccountNo', title: '快信宝商户号', width: 160 },
      ],
      query: [{ field: 'status', label: '状态', type: 'select', options: INNET_STATUS_OPTIONS }],
      rowActions: [
        { key: 'detail', text: '详情', onClick: (r) => navigate(cusDetailUrl(String(r.cusCode), 'innets')) },
        { key: 'innet', text: '入网管理', onClick: (r) => navigate(cusInnetUrl('kxb', String(r.cusCode))) },
      ],
      editAction: false,
      deleteAction: false,
      mobile: { title: 'cusName', subtitle: 'cusCode', fields: ['merchantShortName', 'storeName', 'providerAccountNo'], status: 'status' },
    };
  }, [navigate]);
  return <ListKit config={config} />;
}
