// Pages of scheduled jobs.
export const JOB_PAGES = ['jobs/JobList'] as const;
