// Drizzle mirror of ./migrations (the SQL is the truth); see ../schema.ts.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// Scheduled jobs (migration 0006_jobs.sql).
export const jobs = pgTable('jobs', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull().default('0'),
  jobName: text('job_name').notNull(),
  handler: text('handler').notNull(),
  cronExpression: text('cron_expression').notNull(),
  parameter: text('parameter').notNull().default(''),
  description: text('description').notNull().default(''),
  status: text('status').notNull().default('0').$type<'0' | '-1'>(),
  nextFireTime: ts('next_fire_time'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const jobRuns = pgTable('job_runs', {
  id: text('id').primaryKey(),
  jobId: text('job_id').notNull(),
  fireTime: ts('fire_time').notNull(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  durationMs: integer('duration_ms'),
  status: text('status').notNull().$type<'running' | 'success' | 'failed' | 'skipped'>(),
  error: text('error'),
  result: text('result'),
  trigger: text('trigger').notNull().$type<'scheduled' | 'manual'>(),
  nodeId: text('node_id').notNull(),
});
