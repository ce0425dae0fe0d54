// Online report definitions (migration 0040; contract/api/report.ts).
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ReportColumnDef, ReportQueryDef } from '../../../contract/api/report';
import { ts } from './columns';

export const onlineReports = pgTable('online_reports', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  source: text('source').notNull(),
  columns: jsonb('columns').notNull().$type<ReportColumnDef[]>(),
  queryFields: jsonb('query_fields').notNull().$type<ReportQueryDef[]>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
