// Pages of settlement and reconciliation (issue 18 §3) and of fund supervision (issue 18 §4, the
// spec's supervise area: svBoss, svSupplier, svCus).
export const SETTLE_PAGES = ['settle/SettleBatchList', 'settle/ReconList'] as const;
export const SUPERVISE_PAGES = ['supervise/SvBoss', 'supervise/SvSupplier', 'supervise/SvCus'] as const;

export const SETTLE_PATHS = {
  root: '/settle',
  batch: '/settle/batch',
  recon: '/settle/recon',
} as const;
export const SUPERVISE_PATHS = {
  root: '/supervise',
  svBoss: '/supervise/svBoss',
  svSupplier: '/supervise/svSupplier',
  svCus: '/supervise/svCus',
} as const;
