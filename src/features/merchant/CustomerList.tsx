// 客户管理 (/merchantPlatform/customer) on the list kit: the tenant's customers (code, name, type,
// status, open accounts) with 详情 (the detail page), 启用 (confirm) and 停用 (reason required; a
// disabled customer can neither pay nor withdraw). Both views: the kit's table or phone cards with
// the actions in an ActionSheet.
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CUSTOMER_TYPE_TEXT } from '@contract/api/ledger';
import { MERCHANT_PATHS, type CustomerListRow } from '@contract/api/merchant';
import { PAY_MSG, PAY_PERMS } from '@contract/api/pay';
import { customerDetailUrl } from '@contract/pages/merchant';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig } from '@/components/list/types';
import { reloadAfter } from '@/components/list/reloadAfter';
import type { PageProps } from '@/lib/page';
import { disableCustomer, enableCustomer } from './api';
import { ReasonDialog } from './ReasonDialog';
import { CUSTOMER_STATUS_OPTIONS, CUSTOMER_TYPE_OPTIONS, customerStatusTag } from './rules';

type Row = CustomerListRow & Record<string, unknown>;

export default function CustomerList(_props: PageProps) {
  const navigate = useNavigate();
  const api = useRef<ListKitApi<Row> | null>(null);
  const [disabling, setDisabling] = useState<Row | null>(null);

  const config = useMemo<ListKitConfig<Row>>(
    () => ({
      pageKey: 'merchant/CustomerList',
      title: '客户管理',
      url: { list: MERCHANT_PATHS.customerList },
      toolbar: ['superQuery'],
      defaultSort: { column: 'cusCode', order: 'asc' },
      columns: [
        { dataIndex: 'cusCode', title: '客户代码', width: 140, sorter: true },
        { dataIndex: 'cusName', title: '客户名称', sorter: true },
        { dataIndex: 'cusType', title: '客户类型', width: 120, options: CUSTOMER_TYPE_OPTIONS },
        { dataIndex: 'status', title: '状态', width: 100, type: 'tag', tag: (r) => customerStatusTag(r.status) },
        { dataIndex: 'acctCount', title: '账户数', width: 90, align: 'right' },
        { dataIndex: 'createTime', title: '创建时间', width: 180, sorter: true },
      ],
      query: [
        { field: 'cusCode', label: '客户代码', type: 'input' },
        { field: 'cusName', label: '客户名称', type: 'input' },
        { field: 'cusType', label: '客户类型', type: 'select', options: CUSTOMER_TYPE_OPTIONS },
        { field: 'status', label: '状态', type: 'select', options: CUSTOMER_STATUS_OPTIONS },
      ],
      superQuery: [
        { field: 'cusCode', label: '客户代码', type: 'string' },
        { field: 'cusName', label: '客户名称', type: 'string' },
        { field: 'cusType', label: '客户类型', type: 'string', options: CUSTOMER_TYPE_OPTIONS },
        { field: 'status', label: '状态', type: 'string', options: CUSTOMER_STATUS_OPTIONS },
        { field: 'createTime', label: '创建时间', type: 'datetime' },
      ],
      rowActions: [
        { key: 'detail', text: '详情', onClick: (row) => navigate(customerDetailUrl(row.cusCode)) },
        {
          key: 'enable',
          text: '启用',
          permission: PAY_PERMS.customerStatus,
          visible: (r) => r.status === 'disabled',
          confirm: (r) => `确定要启用客户 ${r.cusName}（${r.cusCode}）吗？启用后可正常付款、提现。`,
          onClick: (row, kit) => reloadAfter(kit, () => enableCustomer(row.cusCode).then(() => '启用成功')),
        },
        {
          key: 'disable',
          text: '停用',
          permission: PAY_PERMS.customerStatus,
          danger: true,
          visible: (r) => r.status === 'enabled',
          onClick: (row) => setDisabling(row),
        },
      ],
      inlineActions: 3,
      editAction: false,
      deleteAction: false,
      mobile: { title: 'cusName', subtitle: 'cusCode', fields: ['cusType', 'acctCount', 'createTime'], status: 'status', searchField: 'cusName' },
    }),
    [navigate],
  );

  return (
    <>
      <ListKit config={config} apiRef={api} />
      <ReasonDialog
        open={!!disabling}
        onClose={() => setDisabling(null)}
        title="停用客户"
        description={
          disabling ? `停用 ${CUSTOMER_TYPE_TEXT[disabling.cusType] ?? ''}${disabling.cusName}（${disabling.cusCode}）后，该客户不能付款、提现。` : undefined
        }
        label="停用原因"
        requiredMessage={PAY_MSG.disableReason}
        okText="停用"
        onConfirm={async (reason) => {
          await disableCustomer(disabling!.cusCode, reason);
          api.current?.message.success('停用成功');
          void api.current?.reload();
        }}
      />
    </>
  );
}
