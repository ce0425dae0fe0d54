// 客户管理 of 客户进件 (/cus/customer) on the list kit: the onboarded customers with their review
// status and each provider's innet state as tags, the query form and the super query, 新建客户
// (the onboarding form), 详情, 继续填写 (a draft or returned customer) and 进件 (an approved one).
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { CUS_INNET_LIVE, CUS_KIND_TEXT, CUS_PATHS, CUS_PERMS, INNET_PROVIDERS, type CusMasterView, type InnetView } from '@contract/api/cus';
import { cusDetailUrl, cusInnetUrl, cusOnboardingUrl } from '@contract/pages/cus';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { fetchInnets, kitPage } from './api';
import { innetTag, KIND_OPTIONS, masterListFields, REVIEW_OPTIONS, reviewTag, ROLE_OPTIONS, ROLE_TEXT, timeColumn } from './rules';

type Row = CusMasterView & { id: string; kindText: string; roleText: string; innets: Record<string, InnetView> } & Record<string, unknown>;

async function fetchRows(params: Record<string, string>) {
  const { fields, unsupported } = masterListFields(params);
  if (unsupported) throw new Error(unsupported);
  const page = await kitPage<CusMasterView, Row>(CUS_PATHS.masterList, fields, params, (m) => ({
    ...m,
    id: m.cusCode,
    kindText: CUS_KIND_TEXT[m.cusKind],
    roleText: ROLE_TEXT[m.cusType],
    innets: {},
  }));
  if (page.result.records.some((r) => r.reviewStatus === 'approved')) {
    const innets = (await fetchInnets({}, { pageNum: 1, pageSize: 200 }).catch(() => ({ listData: [] as InnetView[] }))).listData;
    for (const r of page.result.records) for (const i of innets) if (i.cusCode === r.cusCode && !r.innets[i.provider]) r.innets[i.provider] = i;
  }
  return page;
}

export default function CustomerList(_props: PageProps) {
  const navigate = useNavigate();
  const config = useMemo<ListKitConfig<Row>>(
    () => ({
      pageKey: 'cus/CustomerList',
      title: '客户管理',
      // The kit loads through fetchList (a business call); url.list names that call.
      url: { list: CUS_PATHS.masterList },
      fetchList: fetchRows,
      // The provider tags follow each application's state.
      live: CUS_INNET_LIVE,
      permissionPrefix: 'cus:customer:',
      toolbar: ['add', 'superQuery'],
      onAdd: () => navigate(cusOnboardingUrl()),
      columns: [
        { dataIndex: 'cusCode', title: '客户编号', width: 120 },
        { dataIndex: 'cusName', title: '客户名称', ellipsis: true },
        { dataIndex: 'kindText', title: '客户类型', width: 110 },
        { dataIndex: 'roleText', title: '客户角色', width: 90 },
        { dataIndex: 'reviewStatus', title: '审核状态', width: 100, type: 'tag', tag: (r) => reviewTag(r.reviewStatus) },
        ...INNET_PROVIDERS.map((p) => ({
          dataIndex: `innet_${p.code}` as keyof Row & string,
          title: p.name,
          width: 120,
          type: 'tag' as const,
          tag: (r: Row) => (r.innets[p.code] ? innetTag(r.innets[p.code].status) : null),
        })),
        { dataIndex: 'makerName', title: '经办人', width: 100 },
        timeColumn('updatedAt', '更新时间'),
      ],
      query: [
        { field: 'cusName', label: '客户名称', type: 'input' },
        { field: 'reviewStatus', label: '审核状态', type: 'select', options: REVIEW_OPTIONS },
        { field: 'cusKind', label: '客户类型', type: 'select', options: KIND_OPTIONS },
      ],
      superQuery: [
        { field: 'cusName', label: '客户名称', type: 'string' },
        { field: 'cusCode', label: '客户编号', type: 'string' },
        { field: 'reviewStatus', label: '审核状态', type: 'string', options: REVIEW_OPTIONS },
        { field: 'cusKind', label: '客户类型', type: 'string', options: KIND_OPTIONS },
        { field: 'cusType', label: '客户角色', type: 'string', options: ROLE_OPTIONS },
      ],
      rowActions: [
        { key: 'detail', text: '详情', onClick: (r) => navigate(cusDetailUrl(r.cusCode)) },
        {
          key: 'continue',
          text: (r) => (r.reviewStatus === 'returned' ? '修改' : '继续填写'),
          permission: CUS_PERMS.edit,
          visible: (r) => r.reviewStatus === 'draft' || r.reviewStatus === 'returned',
          onClick: (r) => navigate(cusOnboardingUrl(r.cusCode)),
        },
        {
          key: 'innet',
          text: '进件',
          permission: CUS_PERMS.innetApply,
          visible: (r) => r.reviewStatus === 'approved',
          onClick: (r) => navigate(cusInnetUrl(undefined, r.cusCode)),
        },
      ],
      inlineActions: 3,
      scrollX: 1320,
      editAction: false,
      deleteAction: false,
      mobile: { title: 'cusName', subtitle: 'cusCode', fields: ['kindText', 'makerName', 'updatedAt'], status: 'reviewStatus', searchField: 'cusName' },
    }),
    [navigate],
  );
  return <ListKit config={config} />;
}
