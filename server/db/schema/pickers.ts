// Positions and categories (migration 0023): the data behind the position and category pickers.
import { pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const positions = pgTable('positions', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  rank: text('rank').notNull().default('1'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  pid: text('pid').references((): AnyPgColumn => categories.id),
  name: text('name').notNull(),
  code: text('code').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
