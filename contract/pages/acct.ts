// Pages of the acct area (issue 4).
export const ACCT_PAGES = [] as const;
