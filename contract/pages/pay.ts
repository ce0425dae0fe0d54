// Pages of the payCus area (issue 4).
export const PAY_PAGES = [] as const;
