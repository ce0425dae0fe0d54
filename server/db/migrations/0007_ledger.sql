-- Money core (issue 4): customers, accounts, bank cards, holds, the double-entry journal with its
-- per-tenant hash chain, and channel orders (charges and withdrawals waiting for the channel).
-- Amounts are integer fen in bigint. The rules live in server/modules/ledger/service.ts; the
-- database repeats the ones that must never break, so a bug in code cannot break them either:
--   * available = balance - frozen >= 0 and frozen >= 0 on customer accounts (CHECK);
--   * the postings of an entry sum to zero (deferred constraint trigger, checked at COMMIT);
--   * journal entries and postings are append-only (triggers refuse UPDATE, DELETE, TRUNCATE);
--   * one idempotency key per tenant (UNIQUE), one hold resolves to zero at most once (CHECK).

CREATE TABLE customers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  cus_code text NOT NULL,
  cus_name text NOT NULL,
  cus_type text NOT NULL DEFAULT 'customer' CHECK (cus_type IN ('customer', 'supplier', 'agent')),
  status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  mobile text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, cus_code)
);

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  account_no text NOT NULL UNIQUE,
  customer_id bigint REFERENCES customers(id),
  -- customer accounts belong to a customer; platform accounts (clearing, suspense, fee income,
  -- bank settlement) to the tenant, and may go negative (they mirror money held elsewhere).
  owner_kind text NOT NULL CHECK (owner_kind IN ('customer', 'platform')),
  account_type text NOT NULL CHECK (account_type IN ('basic', 'settlement', 'fee', 'clearing', 'suspense', 'fee_income', 'bank_settlement')),
  currency text NOT NULL DEFAULT 'CNY' CHECK (currency = 'CNY'),
  status text NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'frozen', 'closed')),
  balance bigint NOT NULL DEFAULT 0,
  frozen bigint NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  account_name text NOT NULL DEFAULT '',
  -- key of the AcctNoGenerate request that opened it (replays answer the same account)
  idempotency_key text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((owner_kind = 'platform') = (customer_id IS NULL)),
  CHECK (owner_kind = 'platform' OR account_type IN ('basic', 'settlement', 'fee')),
  CONSTRAINT accounts_available_not_negative CHECK (owner_kind = 'platform' OR balance - frozen >= 0)
);
CREATE UNIQUE INDEX accounts_platform_type ON accounts (tenant_id, account_type) WHERE owner_kind = 'platform';
CREATE UNIQUE INDEX accounts_customer_type ON accounts (customer_id, account_type) WHERE owner_kind = 'customer' AND status <> 'closed';
CREATE INDEX accounts_tenant ON accounts (tenant_id, id);
CREATE UNIQUE INDEX accounts_open_key ON accounts (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TABLE bank_cards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id text NOT NULL,
  customer_id bigint NOT NULL REFERENCES customers(id),
  card_no text NOT NULL,
  holder_name text NOT NULL,
  bank_name text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'bound' CHECK (status IN ('bound', 'unbound')),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, card_no)
);

-- A freeze is a hold: it resolves (released or captured) down to zero once.
CREATE TABLE holds (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  account_id bigint NOT NULL REFERENCES accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  remaining bigint NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'released', 'captured')),
  reason text NOT NULL DEFAULT '',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK (remaining >= 0 AND remaining <= amount),
  CHECK ((status = 'open') = (remaining > 0))
);
CREATE INDEX holds_account_open ON holds (account_id) WHERE status = 'open';

-- Heads of the hash chain: a tenant's chain is split into a few lanes; a posting locks one free
-- lane row (FOR UPDATE SKIP LOCKED) and appends to it, so postings on unrelated accounts do not
-- queue behind one row across their COMMIT. Each lane is a complete chain of its own.
CREATE TABLE ledger_heads (
  tenant_id text NOT NULL,
  lane integer NOT NULL,
  seq bigint NOT NULL DEFAULT 0,
  last_hash text NOT NULL,
  prev_hash text NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, lane)
);

CREATE SEQUENCE journal_entry_no_seq;

CREATE TABLE journal_entries (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  entry_no bigint NOT NULL UNIQUE,
  lane integer NOT NULL,
  lane_seq bigint NOT NULL,
  kind text NOT NULL,
  actor text NOT NULL,
  reason text NOT NULL DEFAULT '',
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  request_id text NOT NULL DEFAULT '',
  hold_id text,
  hold_delta bigint,
  reverses text,
  created_at timestamptz NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL,
  UNIQUE (tenant_id, idempotency_key),
  UNIQUE (tenant_id, lane, lane_seq)
);
CREATE INDEX journal_entries_hold ON journal_entries (hold_id) WHERE hold_id IS NOT NULL;

CREATE TABLE postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id text NOT NULL REFERENCES journal_entries(id),
  line_no integer NOT NULL,
  account_id bigint NOT NULL REFERENCES accounts(id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  UNIQUE (entry_id, line_no)
);
CREATE INDEX postings_account ON postings (account_id, id);

-- Charges and withdrawals through the payment channel: pending until its callback arrives.
CREATE TABLE channel_orders (
  id text PRIMARY KEY,
  tenant_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('charge', 'withdraw')),
  account_id bigint NOT NULL REFERENCES accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  card_no text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  actor text NOT NULL,
  reason text NOT NULL DEFAULT '',
  reserve_entry_id text REFERENCES journal_entries(id),
  settle_entry_id text REFERENCES journal_entries(id),
  channel_ref text,
  fail_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, kind, idempotency_key)
);
CREATE INDEX channel_orders_pending ON channel_orders (created_at) WHERE status = 'pending';
CREATE INDEX channel_orders_account ON channel_orders (account_id, created_at DESC);

-- Append-only journal.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused (post a reversing entry instead)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Balanced entries: checked at COMMIT, once all postings of the entry are in, whoever wrote them.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT sum(amount) INTO total FROM postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (sum of postings %)', NEW.entry_id, total USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
