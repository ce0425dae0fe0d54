-- Payment orders with four-eyes approval (issue 4 §2-§3): single and batch pay, adjust,
-- distribution and refund share one order table; every decision is in pay_order_events. Invoices,
-- customer status changes, payment and operation passwords and decrypted sessions live here too.
-- The money itself moves only through the ledger (0007); these rows point at its holds and entries.

CREATE SEQUENCE pay_order_no_seq;
CREATE SEQUENCE invoice_no_seq;

CREATE TABLE pay_orders (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  order_no text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('single', 'batch', 'adjust', 'distribution', 'refund')),
  status text NOT NULL CHECK (status IN ('draft', 'pending', 'approved', 'executing', 'succeeded', 'failed', 'partial', 'rejected', 'cancelled')),
  -- bumped by every edit; an approval names the version it saw
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  maker_id text NOT NULL,
  maker_name text NOT NULL DEFAULT '',
  approver_id text,
  approver_name text,
  -- the debited customer account (null: adjust credit) and its customer
  from_acct_no text,
  from_cus_code text,
  -- the credited side: payee account, external card, or (refund) the original payer
  payee_name text,
  payee_acct_no text,
  bank_card_no text,
  to_cus_code text,
  amount bigint NOT NULL CHECK (amount > 0),
  -- what actually reached the payees (batch: succeeded rows; refunds and invoices count this)
  paid_amount bigint NOT NULL DEFAULT 0,
  remark text NOT NULL DEFAULT '',
  direction text CHECK (direction IN ('credit', 'debit')),
  orig_order_id text REFERENCES pay_orders(id),
  -- the validated submit payload of the kind (edits merge into it and validate again)
  payload jsonb NOT NULL,
  -- distribution: [{acctNo, amountFen, ratioBp, remainder}]
  splits jsonb,
  hold_id text,
  reject_reason text,
  fail_reason text,
  channel_order_id text,
  row_count integer NOT NULL DEFAULT 0,
  succeeded_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  decided_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, kind, idempotency_key),
  CHECK (approver_id IS NULL OR approver_id <> maker_id)
);
CREATE INDEX pay_orders_tenant_status ON pay_orders (tenant_id, status, created_at DESC);
CREATE INDEX pay_orders_maker ON pay_orders (tenant_id, maker_id, created_at DESC);
CREATE INDEX pay_orders_orig ON pay_orders (orig_order_id) WHERE orig_order_id IS NOT NULL;
CREATE INDEX pay_orders_unfinished ON pay_orders (updated_at) WHERE status IN ('approved', 'executing');
CREATE INDEX pay_orders_from_cus ON pay_orders (tenant_id, from_cus_code) WHERE status IN ('succeeded', 'partial');

CREATE TABLE pay_order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL REFERENCES pay_orders(id),
  tenant_id text NOT NULL,
  action text NOT NULL,
  actor_id text NOT NULL,
  actor_name text NOT NULL DEFAULT '',
  from_status text,
  to_status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  version integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pay_order_events_order ON pay_order_events (order_id, id);

CREATE TABLE pay_batch_rows (
  order_id text NOT NULL REFERENCES pay_orders(id),
  row_no integer NOT NULL CHECK (row_no >= 1),
  payee_name text NOT NULL,
  payee_acct_no text,
  bank_card_no text,
  amount bigint NOT NULL CHECK (amount > 0),
  remark text NOT NULL DEFAULT '',
  -- pending → (processing: handed to the channel) → succeeded | failed
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'succeeded', 'failed')),
  fail_reason text,
  entry_id text,
  channel_order_id text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, row_no)
);
CREATE INDEX pay_batch_rows_open ON pay_batch_rows (order_id, row_no) WHERE status IN ('pending', 'processing');

CREATE TABLE invoices (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  title text NOT NULL,
  tax_no text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'applied' CHECK (status IN ('applied', 'issued')),
  invoice_no text UNIQUE,
  applied_by text NOT NULL,
  issued_by text,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  issued_at timestamptz,
  UNIQUE (tenant_id, idempotency_key),
  CHECK ((status = 'issued') = (invoice_no IS NOT NULL))
);
CREATE INDEX invoices_cus ON invoices (tenant_id, cus_code, created_at DESC);

CREATE TABLE customer_status_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  status text NOT NULL,
  reason text NOT NULL DEFAULT '',
  actor_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Payment password of a user (approvers approve with their own); locks like the login.
CREATE TABLE pay_passwords (
  user_id text PRIMARY KEY,
  password_hash text NOT NULL,
  failed integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE op_passwords (
  user_id text PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Session families that passed data decryption: their answers show mobiles and cards in full.
CREATE TABLE decrypted_sessions (
  family_id text PRIMARY KEY,
  user_id text NOT NULL,
  decrypted_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
