// Drizzle mirror of ./migrations (the SQL is the truth); see ../schema.ts.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

// ---- configuration area (migration 0004_config.sql) ----

export const businessEntities = pgTable('business_entities', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  entityName: text('entity_name').notNull(),
  url: text('url'),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const gatewayRoutes = pgTable('gateway_routes', {
  id: text('id').primaryKey(),
  routerId: text('router_id').notNull(),
  name: text('name').notNull(),
  uri: text('uri').notNull(),
  predicates: text('predicates').notNull().default('[]'),
  filters: text('filters').notNull().default('[]'),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const dataSources = pgTable('data_sources', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  dbType: text('db_type').notNull().default('postgres').$type<'postgres'>(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  database: text('database').notNull(),
  username: text('username').notNull(),
  passwordEnc: text('password_enc'),
  remark: text('remark'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fillRules = pgTable('fill_rules', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  ruleCode: text('rule_code').notNull(),
  ruleName: text('rule_name').notNull(),
  ruleClass: text('rule_class').notNull(),
  ruleParams: text('rule_params'),
  seqDay: text('seq_day'),
  seqValue: integer('seq_value').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const checkRules = pgTable('check_rules', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  ruleCode: text('rule_code').notNull(),
  ruleName: text('rule_name').notNull(),
  ruleJson: text('rule_json').notNull(),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
