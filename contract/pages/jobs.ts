// Pages of scheduled jobs.
export const JOB_PAGES = [] as const;
