// 报表查看 (/online/cgreport/view?code=…): an online report as a list page. Its columns, query
// fields and rows come from the report (getRpColumns, getQueryInfo, getData); the list kit renders
// it as a table on the desktop and as cards on the phone, with paging, sorting and .xlsx export.
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REPORT_MSG, reportDataUrl, reportExportUrl } from '@contract/api/report';
import { reportMeta, type ReportMeta, type ReportRow } from '@/api/reports';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, QueryField } from '@/components/list/types';
import { cellText } from '@/components/reportPicker/useReportPicker';

function configOf(meta: ReportMeta): ListKitConfig<ReportRow> {
  const cols = meta.columns;
  const query: QueryField[] = meta.queryFields
    .filter((f) => !f.hidden)
    .map((f) => ({
      field: f.field,
      label: f.label,
      type: f.mode === 'range' ? 'dateRange' : f.options ? 'select' : f.type === 'number' ? 'number' : 'input',
      options: f.options?.map((o) => ({ value: o.value, label: o.text })),
      defaultValue: f.defaultValue,
    }));
  return {
    pageKey: `report/${meta.code}`,
    title: meta.cgRpConfigName,
    url: { list: reportDataUrl(meta.cgRpConfigId), exportXls: reportExportUrl(meta.cgRpConfigId) },
    toolbar: ['export'],
    selectable: false,
    columns: cols.map((c) => ({
      dataIndex: c.dataIndex,
      title: c.title,
      sorter: true,
      ellipsis: true,
      align: c.type === 'fen' ? 'right' : 'center',
      // Dictionary columns by their choices (the phone card reads them too), the rest as the server formatted them.
      ...(meta.dictOptions[c.dataIndex]
        ? { options: meta.dictOptions[c.dataIndex].map((o) => ({ value: o.value, label: o.text })) }
        : { render: (_v: unknown, row: ReportRow) => cellText(row, c.dataIndex) }),
    })),
    query,
    defaultSort: { column: cols.find((c) => c.type === 'datetime')?.dataIndex ?? cols[0]?.dataIndex ?? 'id', order: 'desc' },
    mobile: { title: cols[0]?.dataIndex ?? 'id', subtitle: cols[1]?.dataIndex, fields: cols.slice(2, 6).map((c) => c.dataIndex) },
  };
}

export default function ReportView() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const [meta, setMeta] = useState<ReportMeta | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setMeta(null);
    setFailed(false);
    if (!code) return void setFailed(true);
    reportMeta(code).then(
      (m) => live && setMeta(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code]);
  const config = useMemo(() => (meta ? configOf(meta) : null), [meta]);
  if (failed)
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center', color: '#595959' }}>
        {REPORT_MSG.notFound}
      </div>
    );
  return config ? <ListKit key={config.pageKey} config={config} /> : null;
}
