// Drizzle mirror of ./migrations (the SQL is the truth); see ../schema.ts.
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { fen, id64, ts } from './columns';

// 0007_ledger.sql — the money core. Postings go through server/modules/ledger (raw SQL in one
// transaction); these mirrors are for reads and joins from other modules. Amounts are fen (bigint,
// the `fen` column helper of ./columns).

export const customers = pgTable('customers', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: text('tenant_id').notNull(),
  cusCode: text('cus_code').notNull(),
  cusName: text('cus_name').notNull(),
  cusType: text('cus_type').notNull().default('customer').$type<'customer' | 'supplier' | 'agent'>(),
  status: text('status').notNull().default('enabled').$type<'enabled' | 'disabled'>(),
  mobile: text('mobile'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: text('tenant_id').notNull(),
  accountNo: text('account_no').notNull(),
  customerId: id64('customer_id'),
  ownerKind: text('owner_kind').notNull().$type<'customer' | 'platform'>(),
  accountType: text('account_type').notNull(),
  currency: text('currency').notNull().default('CNY'),
  status: text('status').notNull().default('normal').$type<'normal' | 'frozen' | 'closed'>(),
  balance: fen('balance').notNull().default(0n),
  frozen: fen('frozen').notNull().default(0n),
  accountName: text('account_name').notNull().default(''),
  idempotencyKey: text('idempotency_key'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const bankCards = pgTable('bank_cards', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: text('tenant_id').notNull(),
  customerId: id64('customer_id').notNull(),
  cardNo: text('card_no').notNull(),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull().default(''),
  status: text('status').notNull().default('bound'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const holds = pgTable('holds', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  accountId: id64('account_id').notNull(),
  amount: fen('amount').notNull(),
  remaining: fen('remaining').notNull(),
  status: text('status').notNull().default('open').$type<'open' | 'released' | 'captured'>(),
  reason: text('reason').notNull().default(''),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
});

export const ledgerHeads = pgTable(
  'ledger_heads',
  {
    tenantId: text('tenant_id').notNull(),
    lane: integer('lane').notNull(),
    seq: fen('seq').notNull(),
    lastHash: text('last_hash').notNull(),
    prevHash: text('prev_hash').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.lane] })],
);

export const journalEntries = pgTable('journal_entries', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  entryNo: fen('entry_no').notNull(),
  lane: integer('lane').notNull(),
  laneSeq: fen('lane_seq').notNull(),
  kind: text('kind').notNull(),
  actor: text('actor').notNull(),
  reason: text('reason').notNull().default(''),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  requestId: text('request_id').notNull().default(''),
  holdId: text('hold_id'),
  holdDelta: fen('hold_delta'),
  reverses: text('reverses'),
  createdAt: ts('created_at').notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

export const postings = pgTable('postings', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  entryId: text('entry_id').notNull(),
  lineNo: integer('line_no').notNull(),
  accountId: id64('account_id').notNull(),
  amount: fen('amount').notNull(),
  balanceAfter: fen('balance_after').notNull(),
});

export const channelOrders = pgTable('channel_orders', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  kind: text('kind').notNull().$type<'charge' | 'withdraw'>(),
  accountId: id64('account_id').notNull(),
  amount: fen('amount').notNull(),
  cardNo: text('card_no'),
  status: text('status').notNull().default('pending').$type<'pending' | 'succeeded' | 'failed'>(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  actor: text('actor').notNull(),
  reason: text('reason').notNull().default(''),
  reserveEntryId: text('reserve_entry_id'),
  settleEntryId: text('settle_entry_id'),
  channelRef: text('channel_ref'),
  failReason: text('fail_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
