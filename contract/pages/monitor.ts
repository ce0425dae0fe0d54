// Pages of 系统监控 (issue 19 §3).
export const MONITOR_PAGES = ['monitor/MonitorPage'] as const;
