// Drizzle mirror of ./migrations (the SQL is the truth); see ../schema.ts.
import { doublePrecision, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// 0022_grid_rows.sql (rows of live editable grids; server/modules/batchDraft)
export const gridRows = pgTable(
  'grid_rows',
  {
    tenantId: text('tenant_id').notNull(),
    scope: text('scope').notNull(),
    pageId: text('page_id').notNull(),
    rowKey: text('row_key').notNull(),
    sort: doublePrecision('sort').notNull(),
    version: integer('version').notNull().default(1),
    cells: jsonb('cells').notNull().default({}),
    updatedBy: text('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.scope, t.pageId, t.rowKey] })],
);
