// Pages of the online reports (issue 19 §5): the definitions page and the report page.
export const REPORT_PAGES = ['report/ReportList', 'report/ReportView'] as const;
