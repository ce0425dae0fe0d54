// Pages of the approve area (issue 4).
export const APPROVE_PAGES = [] as const;
