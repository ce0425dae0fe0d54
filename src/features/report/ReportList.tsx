// 在线报表 (page key 'report/ReportList', /online/cgreport): the report definitions as list kit
// configuration (platform administrators, online:cgreport:*), with 查看报表 opening the report page.
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { REPORT_P, REPORT_PERM_PREFIX, reportViewUrl, type ReportRecord } from '@contract/api/report';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig } from '@/components/list/types';
import { SOURCE_OPTIONS } from './reportForm';

export default function ReportList() {
  const navigate = useNavigate();
  const config = useMemo<ListKitConfig<ReportRecord>>(
    () => ({
      pageKey: 'report/ReportList',
      title: '在线报表',
      url: { list: REPORT_P.list, delete: REPORT_P.delete, deleteBatch: REPORT_P.deleteBatch, exportXls: REPORT_P.exportXls },
      permissionPrefix: REPORT_PERM_PREFIX,
      columns: [
        { dataIndex: 'code', title: '报表编码', width: 160, sorter: true },
        { dataIndex: 'name', title: '报表名称', width: 180, sorter: true },
        { dataIndex: 'source', title: '数据源', width: 100, options: SOURCE_OPTIONS },
        { dataIndex: 'columns', title: '显示列', ellipsis: true, render: (_v, r) => r.columns.map((c) => c.title).join('、') },
        { dataIndex: 'createTime', title: '创建时间', width: 170, sorter: true, type: 'datetime' },
      ],
      query: [
        { field: 'code', label: '报表编码', type: 'input' },
        { field: 'name', label: '报表名称', type: 'input' },
        { field: 'source', label: '数据源', type: 'select', options: SOURCE_OPTIONS },
      ],
      rowActions: [{ key: 'view', text: '查看报表', onClick: (r) => navigate(reportViewUrl(r.code)) }],
      inlineActions: 2,
      editor: { desktop: () => import('./ReportForm.desktop'), mobile: () => import('./ReportForm.mobile') },
      mobile: { title: 'name', subtitle: 'code', fields: ['source', 'createTime'], searchField: 'name' },
    }),
    [navigate],
  );
  return <ListKit config={config} />;
}
