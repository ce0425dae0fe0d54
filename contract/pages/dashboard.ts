// Pages of 数据分析 (issue 19 §2).
export const DASHBOARD_PAGES = ['dashboard/Analysis'] as const;
